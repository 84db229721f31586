import { useEffect, useRef, useState } from "react";

/**
 * The width of a chart's box, followed as it changes (a phone turned, a sidebar opened). The server and the
 * first render draw at `initial` in a viewBox that scales to the box, so the page needs no script to show it.
 */
export function useWidth<T extends HTMLElement>(initial: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => setWidth(Math.max(200, Math.round(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
