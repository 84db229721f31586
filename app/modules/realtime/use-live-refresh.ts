import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import type { ServerMessage } from "../../../party/protocol";
import { useOptionalRealtime } from "./realtime-provider";

/** Events that arrive together (a vote, then its notification) become one reload. */
const COALESCE_MS = 60;

/**
 * A reload of the page's data that never drops an event. Skipping the reload while another one is in
 * flight lost the last word (the in-flight load had read the database before the poll closed), so a
 * request always restarts whatever load is running (Remix interrupts it), after a short pause that
 * folds bursts into one.
 */
export function useRefresh(): () => void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => revalidate.current(), COALESCE_MS);
  }, []);
}

/** Reloads the page's data whenever the live connection brings a message that `matters`. */
export function useRefreshOn(matters: (message: ServerMessage) => boolean): () => void {
  const listen = useOptionalRealtime()?.listen;
  const refresh = useRefresh();
  const test = useRef(matters);
  test.current = matters;
  useEffect(() => {
    if (!listen) return;
    return listen((message) => {
      if (test.current(message)) refresh();
    });
  }, [listen, refresh]);
  return refresh;
}
