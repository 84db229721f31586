import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useOptionalRealtime } from "~/modules/realtime/realtime-provider";

/** What reaches her live and changes her portal: a decision, a payment, an accounting, a vote opening or closing. */
const PORTAL_MESSAGES = new Set(["notification", "poll_created", "poll_completed", "vote_required"]);

/** Keeps the portal live: it reloads (her rows only, as always) when the server tells her something happened. */
export function useLivePortal() {
  const listen = useOptionalRealtime()?.listen;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!listen) return;
    return listen((message) => {
      if (PORTAL_MESSAGES.has(message.type) && revalidator.state === "idle") revalidator.revalidate();
    });
  }, [listen, revalidator]);
}
