import { useNavigate } from "@remix-run/react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { chatApi } from "../chat-client";
import type { ChatScreenData } from "../chat-page.server";

/** Creating a channel (open, or private with chosen members); the server's refusal shows under the name. */
export function CreateChannelDialog({ data }: { data: ChatScreenData }) {
  const { t } = useTranslation("conversations");
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<"open" | "private">("open");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setFieldError(null);
    try {
      const { channel } = await chatApi<{ channel: { id: string } }>("POST", "/api/chat/channels", {
        name: String(form.get("name") ?? ""),
        description: String(form.get("description") ?? ""),
        kind,
        memberIds: kind === "private" ? form.getAll("memberIds").map(String) : [],
      });
      setOpen(false);
      navigate(`/channel/${channel.id}`);
    } catch (e) {
      setFieldError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t("create.button")}
      </Button>
      <DialogContent>
        <DialogTitle>{t("create.title")}</DialogTitle>
        <DialogDescription>{t("create.description")}</DialogDescription>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-1">
            <label htmlFor={nameId} className="font-medium">
              {t("create.name")}
            </label>
            <Input
              id={nameId}
              name="name"
              required
              maxLength={60}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${nameId}-error` : undefined}
            />
            {fieldError ? (
              <p id={`${nameId}-error`} className="m-0 text-sm text-destructive" role="alert">
                {fieldError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${nameId}-d`} className="font-medium">
              {t("create.purpose")}
            </label>
            <Input id={`${nameId}-d`} name="description" maxLength={300} />
          </div>
          <fieldset className="grid gap-1 border-none p-0">
            <legend className="font-medium">{t("create.kind")}</legend>
            <label className="flex gap-2">
              <input type="radio" name="kind" value="open" checked={kind === "open"} onChange={() => setKind("open")} /> {t("create.open")}
            </label>
            <label className="flex gap-2">
              <input type="radio" name="kind" value="private" checked={kind === "private"} onChange={() => setKind("private")} /> {t("create.private")}
            </label>
          </fieldset>
          {kind === "private" ? (
            <fieldset className="grid max-h-48 gap-1 overflow-y-auto border-none p-0">
              <legend className="font-medium">{t("create.members")}</legend>
              {data.everyone
                .filter((m) => m.userId !== data.me.id)
                .map((m) => (
                  <label key={m.userId} className="flex gap-2">
                    <input type="checkbox" name="memberIds" value={m.userId} /> {m.name}
                  </label>
                ))}
            </fieldset>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? t("create.creating") : t("create.submit")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
