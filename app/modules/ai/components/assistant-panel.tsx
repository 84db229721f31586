import * as Menu from "@radix-ui/react-dropdown-menu";
import { useLocation, useMatches, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { actionTarget } from "../widget/actions";
import { requestAssistantReply } from "../widget/api";
import { cannedReply } from "../widget/canned";
import { capabilityFromPath } from "../widget/capability";
import { buildAiContext, capabilityFromMatches, documentContextOf, documentFromMatches } from "../widget/context";
import { historyFile, type HistoryFormat, type HistoryLabels } from "../widget/history";
import { createSessionStore, removeForeignSessions, sessionIdFor, sessionStorageKey, storageScope, type SessionOwner } from "../widget/session";
import { makeMessageId, type Capability, type ChatMessage, type ChatSession, type SuggestedAction } from "../widget/types";
import { ChatMessageView } from "./chat-message";
import { AssistantButton, assistantPosition, TOAST_GAP_PX, type WidgetState } from "./assistant-button";
import { ChevronDownIcon, CloseIcon, DownloadIcon, ExpandIcon, MinimiseIcon, SendIcon, SparkIcon, Spinner } from "./icons";
import { useToastClearance } from "./use-toast-clearance";

/** Spec section 2: the three quick chips and the question each puts in the text box. */
const CHIPS = ["upload", "document", "compliance"] as const;
/** Spec section 2: the empty state's two buttons, each sending the text box as that kind of help. */
const SEND_AS: readonly { type: Capability; labelKey: "documentHelp" | "complianceGuide" }[] = [
  { type: "document_analysis", labelKey: "documentHelp" },
  { type: "compliance_guidance", labelKey: "complianceGuide" },
];

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The assistant itself (spec sections 2, 4, 5, 7, 8, 9): its conversations, the panel and, once loaded, its
 * round button too. Loaded by the light launcher (assistant-widget.tsx) when the round button is first used,
 * so pages do not ship its code before anyone asks for it (issue 25); it then stays mounted in the root and
 * keeps its state while the reader moves between pages.
 */
export default function Assistant({
  givenCapability,
  initialState = "closed",
  initialLift = 0,
}: {
  givenCapability?: Capability;
  initialState?: WidgetState;
  /** The launcher's rise above an open toast, so that the panel opens in place rather than sliding up to it. */
  initialLift?: number;
}) {
  const { t, i18n } = useTranslation("assistant");
  const { pathname } = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const document = useMemo(() => documentFromMatches(matches), [matches]);
  const capability = givenCapability ?? capabilityFromMatches(matches) ?? capabilityFromPath(pathname);
  const sessionId = sessionIdFor(pathname, document?.id);

  // Whose conversations these are: the root loader's user (none signed out, or when it failed).
  const root = useRouteLoaderData("root") as { user?: SessionOwner | null } | undefined;
  const known = root !== undefined;
  const user = root?.user ?? null;
  const scope = storageScope(user);
  const userId = user?.id ?? null;
  const store = useMemo(() => createSessionStore(browserStorage(), scope), [scope]);
  const storageKey = sessionStorageKey(sessionId, scope);
  const [session, setSession] = useState<ChatSession>(() => store.load(sessionId, new Date()));
  const [shownKey, setShownKey] = useState(storageKey);

  // A shared browser: conversations left by someone else (another user, or before a sign-out) are
  // removed as soon as the widget knows who is here. Theme, language and other preferences stay.
  useEffect(() => {
    if (known) removeForeignSessions(browserStorage(), userId ? { id: userId } : null);
  }, [known, userId]);
  const [state, setState] = useState<WidgetState>(initialState);
  const [input, setInput] = useState("");
  const [sending, setSending] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const lift = useToastClearance(initialLift);

  const sendingRef = useRef(false);
  const sessionKeyRef = useRef(storageKey);
  sessionKeyRef.current = storageKey;
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // Opened by the launcher's click: the focus goes into the panel as soon as it shows.
  const focusNext = useRef<"input" | "button" | null>(initialState === "open" ? "input" : null);
  const ids = { title: useId(), input: useId(), hint: useId(), body: useId() };

  // Each page (or document) has its own conversation: switch in the same render as the page, so
  // that one page's messages are never shown, even briefly, under another page's session.
  // The same when the person changes (signing in or out, or another workspace).
  let shown = session;
  if (shownKey !== storageKey) {
    shown = store.load(sessionId, new Date());
    setSession(shown);
    setShownKey(storageKey);
  }

  // Another tab may add to this conversation meanwhile.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey) setSession(store.load(sessionId, new Date()));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [sessionId, storageKey, store]);

  // Focus moves into the panel when it opens and back to the round button when it closes.
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === "input") inputRef.current?.focus();
    if (target === "button") openButtonRef.current?.focus();
  }, [state]);

  // The newest message is in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [shown.messages.length, sending, state]);

  // The text box was disabled while sending; give the focus back to it if nothing else took it.
  useEffect(() => {
    if (sending || state !== "open") return;
    const active = window.document.activeElement;
    if (!active || active === window.document.body) inputRef.current?.focus();
  }, [sending, state]);

  const open = () => {
    focusNext.current = "input";
    setState("open");
  };
  const close = () => {
    focusNext.current = "button";
    setState("closed");
  };
  const toggleMinimised = () => setState((current) => (current === "minimised" ? "open" : "minimised"));

  const show = useCallback((key: string, next: ChatSession) => {
    if (key === sessionKeyRef.current) setSession(next);
  }, []);

  /**
   * Sends a question (spec sections 5, 7 and 8): a blank one is ignored; the reply is the server's,
   * or on any failure a canned one, without an error. It goes to the session it was asked in, even
   * if the reader has moved to another page meanwhile.
   */
  const send = async (raw: string, asCapability: Capability = capability) => {
    const message = raw.trim();
    if (!message || sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    const id = sessionId;
    const key = storageKey;
    const askedAt = new Date();
    const question: ChatMessage = {
      id: makeMessageId(),
      role: "user",
      content: message,
      timestamp: askedAt.toISOString(),
      ...(document ? { documentContext: documentContextOf(document) } : {}),
    };
    show(key, store.append(id, question, askedAt));
    setInput("");
    setAnnouncement("");
    try {
      const served = await requestAssistantReply(
        { message, context: buildAiContext({ sessionId: id, pathname, now: askedAt, document }), capability: asCapability, sessionId: id },
        { id: makeMessageId(), now: () => new Date() },
      );
      const reply = served ?? cannedReply(message, asCapability, { t, document, now: new Date(), id: makeMessageId() });
      show(key, store.append(id, reply, new Date()));
      setAnnouncement(t("newReply", { content: reply.content }));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(input);
  };

  const onAction = (action: SuggestedAction) => {
    const target = actionTarget(action.action);
    if (target) navigate(target);
    // Spec section 8: actions other than upload, help and compliance are only logged.
    else console.info(`AI Assistant action "${action.action}"`, action);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape inside a menu opened from the panel (rendered elsewhere in the page) closes only that menu.
    if (event.key === "Escape" && panelRef.current?.contains(event.target as Node)) {
      event.preventDefault();
      close();
    }
  };

  const formatTime = useCallback(
    (iso: string, full = false) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      return new Intl.DateTimeFormat(i18n.language, full ? { dateStyle: "medium", timeStyle: "short" } : { hour: "numeric", minute: "2-digit" }).format(date);
    },
    [i18n.language],
  );

  const download = (format: HistoryFormat = "txt") => {
    const labels: HistoryLabels = {
      title: t("history.title"),
      session: t("history.session"),
      started: t("history.started"),
      exported: t("history.exported"),
      you: t("you"),
      assistant: t("assistant"),
      about: t("history.about"),
      actions: t("history.actions"),
      related: t("history.related"),
      sources: t("history.sources"),
      empty: t("history.empty"),
    };
    const file = historyFile(store.load(shown.id, new Date()), format, { labels, formatTime: (iso) => formatTime(iso, true), exportedAt: new Date() });
    const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
    const link = window.document.createElement("a");
    link.href = url;
    link.download = file.fileName;
    link.hidden = true;
    window.document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const { className: position, style: lifted } = assistantPosition(lift);

  if (state === "closed") return <AssistantButton ref={openButtonRef} onClick={open} label={t("open")} className={position} style={lifted} />;

  const minimised = state === "minimised";
  const empty = shown.messages.length === 0;
  const canSend = input.trim() !== "" && !sending;
  const headerButton =
    "inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-md border-none bg-transparent p-0 text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
  // The narrow format menu button still meets the 24×24 px minimum target size (WCAG 2.5.8).
  const formatButton = headerButton.replace("w-8", "w-6 min-w-6");

  return (
    <div className={position} style={lifted} data-testid="assistant-widget" data-state={state}>
      <div
        ref={panelRef}
        role="dialog"
        aria-labelledby={ids.title}
        onKeyDown={onKeyDown}
        data-testid="assistant-panel"
        data-state={state}
        data-capability={capability}
        data-session-id={shown.id}
        className={cn(
          "box-border flex flex-col overflow-hidden rounded-xl border border-solid border-border bg-card text-card-foreground shadow-2xl",
          "max-w-[calc(100vw-2rem)] sm:max-w-[calc(100vw-3rem)]",
          !lift && "max-h-[calc(100dvh-2rem)] sm:max-h-[calc(100dvh-3rem)]",
          minimised ? "h-[64px] w-[320px]" : "h-[600px] w-[384px]",
        )}
        style={lift ? { maxHeight: `calc(100dvh - ${lift + TOAST_GAP_PX + 16}px)` } : undefined}
      >
        <div className={cn("flex h-[62px] shrink-0 items-center gap-1 ps-3 pe-2", !minimised && "border-b border-solid border-border")}>
          <span aria-hidden="true" className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <SparkIcon width="18" height="18" />
          </span>
          <h2 id={ids.title} className="m-0 ms-1 min-w-0 flex-1 truncate text-base font-semibold">
            {t("title")}
          </h2>
          <div className="flex shrink-0 items-center">
            <button
              type="button"
              className={headerButton}
              onClick={() => download("txt")}
              aria-label={t("download")}
              title={t("download")}
              data-testid="assistant-download"
            >
              <DownloadIcon width="18" height="18" />
            </button>
            <Menu.Root modal={false}>
              <Menu.Trigger asChild>
                <button
                  type="button"
                  className={formatButton}
                  aria-label={t("downloadFormats")}
                  title={t("downloadFormats")}
                  data-testid="assistant-download-formats"
                >
                  <ChevronDownIcon />
                </button>
              </Menu.Trigger>
              <Menu.Portal>
                <Menu.Content
                  align="end"
                  sideOffset={6}
                  className="z-50 box-border min-w-44 rounded-lg border border-solid border-border bg-card p-1 text-sm text-card-foreground shadow-lg"
                >
                  {(["txt", "json"] as const).map((format) => (
                    <Menu.Item
                      key={format}
                      onSelect={() => download(format)}
                      className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 outline-none data-[highlighted]:bg-muted"
                    >
                      <DownloadIcon width="16" height="16" />
                      {format === "txt" ? t("downloadTxt") : t("downloadJson")}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Portal>
            </Menu.Root>
            <button
              type="button"
              className={headerButton}
              onClick={toggleMinimised}
              aria-label={minimised ? t("expand") : t("minimise")}
              title={minimised ? t("expand") : t("minimise")}
              aria-expanded={!minimised}
              aria-controls={minimised ? undefined : ids.body}
              data-testid="assistant-minimise"
            >
              {minimised ? <ExpandIcon width="16" height="16" /> : <MinimiseIcon />}
            </button>
            <button type="button" className={headerButton} onClick={close} aria-label={t("close")} title={t("close")} data-testid="assistant-close">
              <CloseIcon />
            </button>
          </div>
        </div>

        {minimised ? null : (
          <div id={ids.body} className="flex min-h-0 flex-1 flex-col">
            <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto p-3" data-testid="assistant-messages">
              {empty ? (
                <div className="flex flex-col items-center gap-2 px-2 py-6 text-center" data-testid="assistant-empty">
                  <span aria-hidden="true" className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-muted text-foreground">
                    <SparkIcon width="24" height="24" />
                  </span>
                  <p className="m-0 text-base font-semibold">{t("greeting")}</p>
                  <p className="m-0 text-sm text-muted-foreground">{t("intro")}</p>
                  <p id={ids.hint} className="m-0 text-xs text-muted-foreground">
                    {t("emptyHint")}
                  </p>
                  {/* Spec section 2: these two send whatever is in the text box, each as that kind of help; an empty box is ignored. */}
                  <div role="group" aria-label={t("sendAsLabel")} className="mt-1 flex flex-wrap justify-center gap-2" data-testid="assistant-empty-actions">
                    {SEND_AS.map(({ type, labelKey }) => (
                      <button
                        key={type}
                        type="button"
                        aria-describedby={ids.hint}
                        onClick={() => void send(input, type)}
                        disabled={sending}
                        className="inline-flex h-9 cursor-pointer items-center rounded-md border border-solid border-border bg-card px-3 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
                      >
                        {t(labelKey)}
                      </button>
                    ))}
                  </div>
                </div>
              ) : (
                <ol aria-label={t("messagesLabel")} className="m-0 flex list-none flex-col gap-3 p-0">
                  {shown.messages.map((message) => (
                    <ChatMessageView key={message.id} message={message} time={formatTime(message.timestamp)} onAction={onAction} />
                  ))}
                </ol>
              )}
              {sending ? (
                <p role="status" className="m-0 mt-3 flex items-center gap-2 text-sm text-muted-foreground" data-testid="assistant-spinner">
                  <Spinner width="16" height="16" />
                  {t("sending")}
                </p>
              ) : null}
            </div>
            {/* New assistant messages are read out; the reader's own are not repeated back. */}
            <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="assistant-live">
              {announcement}
            </div>

            <div className="flex shrink-0 flex-col gap-2 border-t border-solid border-border p-3">
              <div role="group" aria-label={t("chipsLabel")} className="flex flex-wrap gap-1" data-testid="assistant-chips">
                {CHIPS.map((chip) => (
                  <button
                    key={chip}
                    type="button"
                    disabled={sending}
                    onClick={() => {
                      setInput(t(`chip.${chip}.text`));
                      inputRef.current?.focus();
                    }}
                    className="inline-flex h-7 cursor-pointer items-center rounded-full border border-solid border-border bg-card px-3 text-xs font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60"
                  >
                    {t(`chip.${chip}`)}
                  </button>
                ))}
              </div>
              <form onSubmit={onSubmit} className="flex items-center gap-2" data-testid="assistant-form">
                <label htmlFor={ids.input} className="sr-only">
                  {t("inputLabel")}
                </label>
                <input
                  ref={inputRef}
                  id={ids.input}
                  type="text"
                  value={input}
                  onChange={(event) => setInput(event.target.value)}
                  placeholder={t("placeholder")}
                  disabled={sending}
                  autoComplete="off"
                  maxLength={4000}
                  data-testid="assistant-input"
                  className="box-border h-10 min-w-0 flex-1 rounded-md border border-solid border-input bg-card px-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
                />
                <button
                  type="submit"
                  disabled={!canSend}
                  aria-label={t("send")}
                  title={t("send")}
                  data-testid="assistant-send"
                  className="inline-flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded-md border-none bg-primary p-0 text-primary-foreground hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  {sending ? <Spinner width="18" height="18" /> : <SendIcon width="18" height="18" className="rtl:-scale-x-100" />}
                </button>
              </form>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
