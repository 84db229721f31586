import * as DialogPrimitive from "@radix-ui/react-dialog";
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress";
import { readStoredFlag, writeStoredFlag } from "./markers";
import { moodEmoji, TOUR_AUTO_OPEN_DELAY_MS, TOUR_LENGTH, TOUR_STEPS, TOUR_STORAGE, tourProgress } from "./steps";
import { initialTourState, tourReducer } from "./tour-state";

interface TourApi {
  start: () => void;
}
const TourContext = createContext<TourApi | null>(null);

export function useTour(): TourApi {
  const value = useContext(TourContext);
  if (!value) throw new Error("useTour must be used within a TourProvider");
  return value;
}

/** Follows the page area a step points at, so the ring stays on it while the page scrolls or resizes. */
function useTargetRect(target: string | undefined, active: boolean) {
  const [rect, setRect] = useState<DOMRect | null>(null);
  useEffect(() => {
    if (!active || !target) {
      setRect(null);
      return;
    }
    const element = document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
    if (!element) {
      setRect(null);
      return;
    }
    element.scrollIntoView({ block: "center", behavior: "smooth" });
    const update = () => setRect(element.getBoundingClientRect());
    update();
    const timer = setTimeout(update, 400);
    window.addEventListener("resize", update);
    window.addEventListener("scroll", update, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", update);
      window.removeEventListener("scroll", update, true);
    };
  }, [target, active]);
  return rect;
}

/**
 * The onboarding tour (spec sections 2, 4 and 9). Opens by itself a second after load for a
 * signed-in person who has neither finished nor skipped it; the header's tour button reopens it.
 */
export function TourProvider({ children, onComplete }: { children: ReactNode; onComplete?: () => void }) {
  const { t } = useTranslation("tour");
  const [state, dispatch] = useReducer(tourReducer, initialTourState);
  const step = TOUR_STEPS[state.index];
  const rect = useTargetRect(step.target, state.open);

  useEffect(() => {
    if (readStoredFlag(TOUR_STORAGE.completed) || readStoredFlag(TOUR_STORAGE.skipped)) return;
    const timer = setTimeout(() => dispatch({ type: "open" }), TOUR_AUTO_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const start = useCallback(() => dispatch({ type: "open" }), []);
  const api = useMemo(() => ({ start }), [start]);

  const complete = () => {
    writeStoredFlag(TOUR_STORAGE.completed);
    onComplete?.();
    dispatch({ type: "complete" });
  };
  const skip = () => {
    writeStoredFlag(TOUR_STORAGE.skipped);
    dispatch({ type: "skip" });
  };
  const isLast = state.index === TOUR_LENGTH - 1;
  const progress = tourProgress(state.index);

  return (
    <TourContext.Provider value={api}>
      {children}
      <DialogPrimitive.Root open={state.open} onOpenChange={(open) => (open ? undefined : dispatch({ type: "close" }))}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-black/60" data-testid="tour-overlay" />
          {rect ? (
            <div
              aria-hidden="true"
              data-testid="tour-highlight"
              className="pointer-events-none fixed z-[61] rounded-lg"
              style={{
                top: rect.top - 6,
                left: rect.left - 6,
                width: rect.width + 12,
                height: rect.height + 12,
                boxShadow: "0 0 0 4px var(--ring), 0 0 0 9999px rgba(0,0,0,0.15)",
              }}
            />
          ) : null}
          <DialogPrimitive.Content
            data-testid="onboarding-tour"
            data-step={step.id}
            aria-describedby={undefined}
            className="fixed left-1/2 top-1/2 z-[62] box-border grid max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-solid border-border bg-card p-6 text-card-foreground shadow-2xl"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex items-center gap-3">
                <step.icon aria-hidden="true" className="h-8 w-8 shrink-0 text-primary" />
                <DialogPrimitive.Title className="m-0 text-xl font-semibold">{t(`${step.id}.title`)}</DialogPrimitive.Title>
              </div>
              <DialogPrimitive.Close
                aria-label={t("close")}
                className="flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-md border-none bg-transparent text-lg text-foreground hover:bg-muted"
              >
                <span aria-hidden="true">×</span>
              </DialogPrimitive.Close>
            </div>
            <div className="flex items-center gap-3">
              <span className="whitespace-nowrap rounded-full bg-muted px-2 py-0.5 text-xs font-medium" data-testid="tour-step-badge">
                {t("stepOf", { current: state.index + 1, total: TOUR_LENGTH })}
              </span>
              <ProgressBar value={progress} label={t("progressLabel")} className="flex-1" />
            </div>
            <div className="flex items-start gap-3">
              <span aria-hidden="true" className="text-4xl" data-testid="tour-mood">
                {moodEmoji(step.characterMood)}
              </span>
              <p className="relative m-0 flex-1 rounded-lg bg-accent p-3 text-sm text-accent-foreground" data-testid="tour-speech">
                {t(`${step.id}.message`)}
              </p>
            </div>
            <p className="m-0 text-sm text-muted-foreground">{t(`${step.id}.description`)}</p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button variant="ghost" onClick={skip}>
                {t("skip")}
              </Button>
              <div className="flex gap-2">
                {state.index > 0 ? (
                  <Button variant="outline" onClick={() => dispatch({ type: "previous" })}>
                    {t("previous")}
                  </Button>
                ) : null}
                {isLast ? <Button onClick={complete}>{t("getStarted")}</Button> : <Button onClick={() => dispatch({ type: "next" })}>{t("next")}</Button>}
              </div>
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </TourContext.Provider>
  );
}
