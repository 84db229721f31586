import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { MeetingClientMessage } from "../../../../party/meeting-protocol";
import type { MeetingState } from "../client/session";

/** People in the meeting (with the host's mute and remove), the lobby (the host admits or turns away), the chat. */
export function MeetingSide({ state, send }: { state: MeetingState; send: (message: MeetingClientMessage) => void }) {
  const { t } = useTranslation("meetings");
  const host = state.role === "host";
  const [text, setText] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    send({ type: "chat", text: text.trim() });
    setText("");
  }
  return (
    <aside className="grid content-start gap-4" aria-label={t("side.label")}>
      {host && state.lobby.length > 0 ? (
        <section aria-labelledby="lobby-heading" className="grid gap-2 rounded-md border-2 border-solid border-primary p-3" data-testid="lobby">
          <h2 id="lobby-heading" className="m-0 text-base">
            {t("side.lobby", { count: state.lobby.length })}
          </h2>
          <ul className="m-0 grid list-none gap-2 p-0">
            {state.lobby.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 break-words">{w.name}</span>
                <Button size="sm" onClick={() => send({ type: "admit", participantId: w.id })}>
                  {t("side.admit")}
                </Button>
                <Button size="sm" variant="outline" onClick={() => send({ type: "deny", participantId: w.id })}>
                  {t("side.deny")}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="people-heading" className="grid gap-2">
        <h2 id="people-heading" className="m-0 text-base">
          {t("side.people", { count: state.participants.length })}
        </h2>
        <ul className="m-0 grid list-none gap-1 p-0" data-testid="people">
          {state.participants.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 break-words">
                {p.name}
                {p.role === "host" ? ` · ${t("side.host")}` : ""}
              </span>
              {host && p.id !== state.you ? (
                <>
                  <Button size="sm" variant="outline" disabled={!p.media.audio} onClick={() => send({ type: "mute", participantId: p.id })}>
                    {t("side.mute", { name: p.name })}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => send({ type: "remove", participantId: p.id })}>
                    {t("side.remove", { name: p.name })}
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="chat-heading" className="grid gap-2">
        <h2 id="chat-heading" className="m-0 text-base">
          {t("side.chat")}
        </h2>
        <ol className="m-0 grid max-h-72 list-none gap-1 overflow-y-auto p-0 text-sm" aria-live="polite" data-testid="meeting-chat">
          {state.chat.map((line) => (
            <li key={line.id} className="break-words">
              <strong>{line.name}:</strong> {line.text}
            </li>
          ))}
        </ol>
        <form onSubmit={submit} className="flex gap-2">
          <Input aria-label={t("side.message")} value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} />
          <Button type="submit">{t("side.send")}</Button>
        </form>
      </section>
    </aside>
  );
}
