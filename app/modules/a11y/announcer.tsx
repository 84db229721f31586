import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Spec section 9: announcements are made after 100 ms so screen readers notice the change. */
export const ANNOUNCE_DELAY_MS = 100;

export type Politeness = "polite" | "assertive";

interface AnnounceOptions {
  politeness?: Politeness;
  /** Remove the message after this many milliseconds (the language change uses 1000). */
  clearAfterMs?: number;
}

export interface Announcer {
  announce: (message: string, options?: AnnounceOptions) => void;
  announceError: (message: string) => void;
  announceSuccess: (message: string) => void;
  announceNavigation: (page: string) => void;
  announceLoading: (what: string) => void;
  announceLoaded: (what: string) => void;
}

const AnnouncerContext = createContext<Announcer | null>(null);

/** Two visually hidden live regions (polite and assertive) that every part of the app speaks through. */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Record<Politeness, string>>({ polite: "", assertive: "" });
  const timers = useRef<Set<ReturnType<typeof setTimeout>>>(new Set());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const later = useCallback((fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      fn();
    }, ms);
    timers.current.add(id);
  }, []);

  const announce = useCallback(
    (message: string, { politeness = "polite", clearAfterMs }: AnnounceOptions = {}) => {
      // Clear first so that the same sentence twice in a row is still read out.
      setMessages((m) => ({ ...m, [politeness]: "" }));
      later(() => {
        setMessages((m) => ({ ...m, [politeness]: message }));
        if (clearAfterMs) later(() => setMessages((m) => (m[politeness] === message ? { ...m, [politeness]: "" } : m)), clearAfterMs);
      }, ANNOUNCE_DELAY_MS);
    },
    [later],
  );

  const value = useMemo<Announcer>(
    () => ({
      announce,
      announceError: (message) => announce(t("a11y.errorPrefix", { message }), { politeness: "assertive" }),
      announceSuccess: (message) => announce(t("a11y.successPrefix", { message })),
      announceNavigation: (page) => announce(t("a11y.navigatedTo", { page })),
      announceLoading: (what) => announce(t("a11y.loading", { what })),
      announceLoaded: (what) => announce(t("a11y.loaded", { what })),
    }),
    [announce, t],
  );

  return (
    <AnnouncerContext.Provider value={value}>
      {children}
      {/* A live region only: role="status" would make every page's visible status message appear twice to tools that list them. */}
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer-polite">
        {messages.polite}
      </div>
      <div className="sr-only" role="alert" aria-live="assertive" aria-atomic="true" data-testid="announcer-assertive">
        {messages.assertive}
      </div>
    </AnnouncerContext.Provider>
  );
}

export function useAnnouncer(): Announcer {
  const value = useContext(AnnouncerContext);
  if (!value) throw new Error("useAnnouncer must be used within an AnnouncerProvider");
  return value;
}
