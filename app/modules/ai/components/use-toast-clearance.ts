import { useEffect, useState } from "react";
import { useToast } from "~/components/ui/use-toast";

/**
 * How far the assistant must rise so that an open toast (spec: one at a time, bottom end corner,
 * the same corner as the assistant) never hides it and it never hides the toast: the distance
 * from the toast's top edge to the bottom of the window, or 0 when no toast is open.
 */
export function useToastClearance(initialLift = 0): number {
  const { toasts } = useToast();
  const open = toasts.some((toast) => toast.open !== false);
  const [lift, setLift] = useState(initialLift);

  useEffect(() => {
    if (!open) {
      setLift(0);
      return;
    }
    let observer: ResizeObserver | null = null;
    let observed: Element | null = null;
    const measure = () => {
      const element = document.querySelector('[data-testid="toast"][data-state="open"]');
      if (!element) return setLift(0);
      if (element !== observed && typeof ResizeObserver !== "undefined") {
        observer?.disconnect();
        observer = new ResizeObserver(measure);
        observer.observe(element);
        observed = element;
      }
      const rect = element.getBoundingClientRect();
      setLift(rect.height > 0 ? Math.max(0, Math.round(window.innerHeight - rect.top)) : 0);
    };
    const frame = requestAnimationFrame(measure);
    // The toast is portalled into its viewport; if it was not there on the first frame, look again.
    const retry = setTimeout(measure, 150);
    window.addEventListener("resize", measure);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(retry);
      window.removeEventListener("resize", measure);
      observer?.disconnect();
    };
  }, [open, toasts]);

  return open ? lift : 0;
}
