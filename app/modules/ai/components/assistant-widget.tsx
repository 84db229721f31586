import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionOwner } from "../widget/session";
import type { Capability } from "../widget/types";
import { AssistantButton, assistantPosition } from "./assistant-button";
import { useToastClearance } from "./use-toast-clearance";

/** The assistant's code (panel, conversations, menus), fetched when the round button is first used. */
const loadAssistant = () => import("./assistant-panel");
const Assistant = lazy(loadAssistant);

/**
 * The floating AI assistant (spec sections 2, 4, 5, 7, 8, 9), mounted once in the root so that it is
 * on every page and keeps its state while the reader moves between pages.
 *
 * Signed out it is shown too ("every page"): the sign-in screens are where people most need help.
 * POST /api/ai/chat needs a session, so there every question gets the canned reply (spec section 8).
 * Pages sent without the React runtime (the public landing page) have no assistant, since a button
 * that cannot run would only mislead.
 *
 * Until it is first used only the round button is here (issue 25: pages ship at most 100 KB of script);
 * a click loads the assistant, which opens at once and from then on is the whole widget, button included.
 */
export function AssistantWidget({ capability }: { capability?: Capability }) {
  const [mounted, setMounted] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { t, ready } = useTranslation("assistant");
  const lift = useToastClearance();
  // Once its texts have loaded it stays, even while another language's texts load (state is kept).
  const loaded = useRef(false);
  if (ready) loaded.current = true;
  // Rendered only in the browser: sessions live in local storage, which the server cannot read.
  useEffect(() => setMounted(true), []);
  // A shared browser: conversations left by someone else (another user, or before a sign-out) are removed
  // as soon as the page knows who is here, whether or not the assistant is opened. Preferences stay.
  const root = useRouteLoaderData("root") as { user?: SessionOwner | null } | undefined;
  const known = root !== undefined;
  const userId = root?.user?.id ?? null;
  useEffect(() => {
    if (!known) return;
    void import("../widget/session").then(({ removeForeignSessions }) => {
      let storage: Storage | null = null;
      try {
        storage = window.localStorage;
      } catch {
        /* no storage: nothing to remove */
      }
      removeForeignSessions(storage, userId ? { id: userId } : null);
    });
  }, [known, userId]);
  if (!mounted || !loaded.current) return null;
  const { className, style } = assistantPosition(lift);
  const button = (
    <AssistantButton label={t("open")} onClick={() => setWanted(true)} onPrefetch={() => void loadAssistant()} className={className} style={style} />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <Assistant givenCapability={capability} initialState="open" initialLift={lift} />
    </Suspense>
  );
}
