import { ArrowDown, ArrowUp, RotateCcw, RotateCw, X } from "lucide-react";
import { useEffect, useRef, useState, type Dispatch, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Tooltip } from "~/components/ui/tooltip";
import { useAnnouncer } from "~/modules/a11y/announcer";
import type { PagesAction, PagesState, Rotation, ScanPage } from "../pages";

/** An object URL for a page's picture, released when the picture changes or the component goes. */
export function usePictureUrl(image: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const next = URL.createObjectURL(image);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image]);
  return url;
}

/** The picture turned as the page will be saved. Inside a square box a quarter turn still fits. */
function TurnedPicture({ page, alt, className }: { page: ScanPage; alt: string; className?: string }) {
  const url = usePictureUrl(page.image);
  if (!url) return null;
  return (
    <img
      src={url}
      alt={alt}
      draggable={false}
      className={cn("max-h-full max-w-full object-contain transition-transform", className)}
      style={{ transform: `rotate(${page.rotation}deg)` }}
    />
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  // aria-disabled rather than disabled: a button that becomes unusable (a page moved to the top)
  // keeps the keyboard focus instead of dropping it to the page.
  return (
    <Tooltip content={label}>
      <Button
        type="button"
        variant="outline"
        className={cn("h-11 w-11 p-0 text-lg", disabled && "cursor-not-allowed opacity-50")}
        aria-label={label}
        aria-disabled={disabled || undefined}
        onClick={() => (disabled ? undefined : onClick())}
        data-testid={testId}
      >
        <span aria-hidden="true">{children}</span>
      </Button>
    </Tooltip>
  );
}

/** The large preview of the chosen page. */
export function PagePreview({ state }: { state: PagesState }) {
  const { t } = useTranslation("scanner");
  const index = state.pages.findIndex((page) => page.id === state.selectedId);
  const page = state.pages[index];
  if (!page) return null;
  const caption = t("preview.caption", { number: index + 1, total: state.pages.length });
  return (
    <figure className="m-0 grid gap-2" data-testid="page-preview" data-page={index + 1} data-rotation={page.rotation}>
      <div className="flex aspect-square max-h-[70vh] w-full items-center justify-center overflow-hidden rounded-lg border border-solid border-border bg-muted">
        <TurnedPicture page={page} alt={caption} />
      </div>
      <figcaption className="text-center text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}

/**
 * The pages as thumbnails, in order, each with buttons to show it, turn it, move it and remove it.
 * Every button names its page ("Rotate page 2 right"), so screen-reader and voice users can use them.
 */
export function PageList({ state, dispatch, locked }: { state: PagesState; dispatch: Dispatch<PagesAction>; locked: boolean }) {
  const { t } = useTranslation("scanner");
  const { announce } = useAnnouncer();
  const thumbnails = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterRemove, setFocusAfterRemove] = useState<string | null>(null);
  // Dragging a page onto another also reorders (mouse); the buttons do it for touch and keyboard.
  const [dragged, setDragged] = useState<number | null>(null);
  const count = state.pages.length;

  // After a removal the focus goes to the page that took its place, so the keyboard is not lost.
  useEffect(() => {
    if (focusAfterRemove) thumbnails.current.get(focusAfterRemove)?.focus();
    setFocusAfterRemove(null);
  }, [focusAfterRemove]);

  const turn = (page: ScanPage, number: number, direction: "left" | "right") => {
    dispatch({ type: "rotate", id: page.id, direction });
    const next = ((page.rotation + (direction === "right" ? 90 : 270)) % 360) as Rotation;
    announce(t("pages.rotated", { number, degrees: next }));
  };

  const move = (page: ScanPage, number: number, by: -1 | 1) => {
    dispatch({ type: "move", id: page.id, by });
    announce(t("pages.moved", { from: number, to: number + by }));
  };

  const remove = (page: ScanPage, index: number) => {
    const neighbour = state.pages[index + 1] ?? state.pages[index - 1];
    dispatch({ type: "remove", id: page.id });
    setFocusAfterRemove(neighbour?.id ?? null);
    announce(t("pages.removed", { number: index + 1 }));
  };

  return (
    <ol className="m-0 grid list-none gap-2 p-0" aria-label={t("pages.listLabel")} data-testid="page-list">
      {state.pages.map((page, index) => {
        const number = index + 1;
        const selected = page.id === state.selectedId;
        return (
          <li
            key={page.id}
            className={cn("flex items-center gap-3 rounded-lg border border-solid p-2", selected ? "border-primary bg-accent" : "border-border bg-card")}
            data-testid="scan-page"
            data-page-id={page.id}
            data-rotation={page.rotation}
            draggable={!locked}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              setDragged(index);
            }}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null && dragged !== index) {
                dispatch({ type: "reorder", from: dragged, to: index });
                announce(t("pages.moved", { from: dragged + 1, to: number }));
              }
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
          >
            <button
              type="button"
              ref={(node) => {
                if (node) thumbnails.current.set(page.id, node);
                else thumbnails.current.delete(page.id);
              }}
              onClick={() => dispatch({ type: "select", id: page.id })}
              aria-pressed={selected}
              aria-label={t("pages.show", { number })}
              className="flex h-20 w-20 shrink-0 cursor-pointer items-center justify-center overflow-hidden rounded-md border border-solid border-border bg-muted p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <TurnedPicture page={page} alt="" />
            </button>
            <div className="grid min-w-0 flex-1 gap-1">
              <span className="text-sm font-medium">{t("pages.label", { number })}</span>
              <div className="flex flex-wrap gap-1">
                <IconButton label={t("pages.rotateLeft", { number })} onClick={() => turn(page, number, "left")} disabled={locked}>
                  <RotateCcw className="h-4 w-4" />
                </IconButton>
                <IconButton label={t("pages.rotateRight", { number })} onClick={() => turn(page, number, "right")} disabled={locked}>
                  <RotateCw className="h-4 w-4" />
                </IconButton>
                <IconButton label={t("pages.moveUp", { number })} onClick={() => move(page, number, -1)} disabled={locked || index === 0}>
                  <ArrowUp className="h-4 w-4" />
                </IconButton>
                <IconButton label={t("pages.moveDown", { number })} onClick={() => move(page, number, 1)} disabled={locked || index === count - 1}>
                  <ArrowDown className="h-4 w-4" />
                </IconButton>
                <IconButton label={t("pages.remove", { number })} onClick={() => remove(page, index)} disabled={locked}>
                  <X className="h-4 w-4" />
                </IconButton>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
