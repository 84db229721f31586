import { forwardRef, type CSSProperties } from "react";
import { cn } from "~/components/ui/cn";
import { ChatIcon } from "./icons";

/** Spec section 4: closed, open, or open and minimised. */
export type WidgetState = "closed" | "open" | "minimised";

/** A little room between the assistant and a toast above which it rises. */
export const TOAST_GAP_PX = 8;

/** Fixed in the bottom end corner (the right, or the left in Arabic), above the page and below dialogs; above an open toast. */
export function assistantPosition(lift: number): { className: string; style: CSSProperties | undefined } {
  return {
    className: cn("fixed z-[45] end-4 sm:end-6", lift ? "" : "bottom-4 sm:bottom-6", "transition-[bottom] duration-200 motion-reduce:transition-none"),
    style: lift ? { bottom: `${lift + TOAST_GAP_PX}px` } : undefined,
  };
}

interface AssistantButtonProps {
  label: string;
  onClick: () => void;
  /** The launcher starts loading the panel's code as soon as a pointer or the focus reaches the button. */
  onPrefetch?: () => void;
  className: string;
  style: CSSProperties | undefined;
}

/** The closed assistant: the round button, the same whether the panel's code has loaded yet or not. */
export const AssistantButton = forwardRef<HTMLButtonElement, AssistantButtonProps>(function AssistantButton(
  { label, onClick, onPrefetch, className, style },
  ref,
) {
  return (
    <div className={className} style={style} data-testid="assistant-widget" data-state="closed">
      <button
        ref={ref}
        type="button"
        onClick={onClick}
        onPointerEnter={onPrefetch}
        onFocus={onPrefetch}
        aria-label={label}
        title={label}
        data-testid="assistant-button"
        className="inline-flex h-14 w-14 cursor-pointer items-center justify-center rounded-full border-none bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <ChatIcon width="26" height="26" />
      </button>
    </div>
  );
});
