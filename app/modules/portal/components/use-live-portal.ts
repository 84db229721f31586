import { useRefreshOn } from "~/modules/realtime/use-live-refresh";

/** What reaches her live and changes her portal: a decision, a payment, an accounting, a vote opening or closing. */
const PORTAL_MESSAGES = new Set(["notification", "poll_created", "poll_completed", "vote_required"]);

/** Keeps the portal live: it reloads (her rows only, as always) when the server tells her something happened. */
export function useLivePortal() {
  useRefreshOn((message) => PORTAL_MESSAGES.has(message.type));
}
