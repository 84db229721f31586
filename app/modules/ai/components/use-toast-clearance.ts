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
    // The toast is portalled into a viewport whose code loads with the first toast (ADR 0041), so it can appear
    // any time after this: watch the page while a toast is open and measure, once a frame, when it changes. A
    // fixed retry (150 ms) missed a slow load, and the toast then covered the assistant's button.
    let frame = 0;
    const schedule = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure();
        });
    };
    const mutations = typeof MutationObserver === "undefined" ? null : new MutationObserver(schedule);
    mutations?.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-state"] });
    schedule();
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      mutations?.disconnect();
      window.removeEventListener("resize", schedule);
      observer?.disconnect();
    };
  }, [open, toasts]);

  return open ? lift : 0;
}
