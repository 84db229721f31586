import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import type { ServerMessage } from "../../../party/protocol";
import { useOptionalRealtime } from "./realtime-provider";

/** Events that arrive together (a vote, then its notification) become one reload. */
const COALESCE_MS = 60;

/**
 * A reload of the page's data that never drops an event. Skipping the reload while another one was in flight lost
 * the last word (that load had read the database before the poll closed); restarting it at every event could keep a
 * busy page from ever settling. So: bursts within a moment become one reload, and an event that arrives while a
 * reload runs asks for one more when it ends.
 */
export function useRefresh(): () => void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const state = useRef(revalidator.state);
  state.current = revalidator.state;
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (revalidator.state !== "idle" || !again.current) return;
    again.current = false;
    revalidate.current();
  }, [revalidator.state]);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (state.current === "idle") revalidate.current();
      else again.current = true;
    }, COALESCE_MS);
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
