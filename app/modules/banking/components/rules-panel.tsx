import { useRevalidator } from "@remix-run/react";
import { ArrowDown, ArrowUp, Eye, ListChecks, Pencil, Plus, Trash2, WandSparkles } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/use-toast";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { ruleToForm } from "../rule-form";
import type { RulePreview } from "../rules-apply.server";
import type { RuleView } from "../rules.server";
import { RuleEditor } from "./rule-editor";
import { RulePreviewResult } from "./rule-preview";
import { RuleSummary, type RuleAccount, type RuleMember } from "./rule-summary";

/**
 * The trust's rules, in the order they are tried on import (the first whose conditions all hold fills a
 * transaction in). Trustees add, edit, reorder and delete them, preview what one would change in the
 * transactions already in the books, and apply it; the lawyer reads them.
 */
export function RulesPanel({ rules, accounts, members, canManage }: { rules: RuleView[]; accounts: RuleAccount[]; members: RuleMember[]; canManage: boolean }) {
  const { t } = useTranslation("banking");
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [deleting, setDeleting] = useState<RuleView | null>(null);
  const failed = (e: unknown) => toast({ variant: "destructive", title: t("rules.failedTitle"), description: refusalSentence(e, t("rules.failed")) });

  async function move(rule: RuleView, direction: "up" | "down", place: number) {
    try {
      await apiFetch(`/api/banking/rules/${rule.id}/move`, { method: "POST", body: { direction } });
      setAnnouncement(t("rules.moved", { name: rule.name, place }));
      revalidator.revalidate();
    } catch (e) {
      failed(e);
    }
  }

  async function remove(rule: RuleView) {
    try {
      await apiFetch(`/api/banking/rules/${rule.id}`, { method: "DELETE" });
      toast({ title: t("rules.deleted", { name: rule.name }) });
      setDeleting(null);
      revalidator.revalidate();
    } catch (e) {
      failed(e);
    }
  }

  const saved = (created: boolean) => {
    setEditing(null);
    toast({ title: t(created ? "rules.created" : "rules.saved") });
    revalidator.revalidate();
  };

  return (
    <section
      aria-labelledby="rules-heading"
      className="grid min-w-0 gap-4 rounded-lg border border-solid border-border bg-card p-4 sm:p-5"
      data-testid="rules-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id="rules-heading" className="m-0 flex items-center gap-2 text-lg">
            <ListChecks aria-hidden="true" className="h-5 w-5" />
            {t("rules.heading")}
          </h2>
          <p className="m-0 text-sm text-muted-foreground">{t("rules.intro")}</p>
        </div>
        {canManage && editing !== "new" ? (
          <Button type="button" variant="outline" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" className="me-1 h-4 w-4" />
            {t("rules.add")}
          </Button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {editing === "new" ? (
        <RuleEditor
          accounts={accounts}
          members={members}
          initial={{ name: "", conditions: [{ kind: "description.contains" }] }}
          onSaved={() => saved(true)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {rules.length === 0 ? (
        <p className="m-0 text-sm text-muted-foreground">{t("rules.empty")}</p>
      ) : (
        <ol className="m-0 grid list-none gap-3 p-0">
          {rules.map((rule, index) =>
            editing === rule.id ? (
              <li key={rule.id} className="rounded-md border border-solid border-border p-3">
                <RuleEditor
                  accounts={accounts}
                  members={members}
                  ruleId={rule.id}
                  initial={ruleToForm(rule, accounts)}
                  onSaved={() => saved(false)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <RuleItem
                key={rule.id}
                rule={rule}
                place={index + 1}
                last={index === rules.length - 1}
                accounts={accounts}
                canManage={canManage}
                onMove={(direction) => void move(rule, direction, direction === "up" ? index : index + 2)}
                onEdit={() => setEditing(rule.id)}
                onDelete={() => setDeleting(rule)}
                onFailed={failed}
              />
            ),
          )}
        </ol>
      )}
      <Dialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <DialogContent>
          <DialogTitle>{t("rules.deleteTitle", { name: deleting?.name ?? "" })}</DialogTitle>
          <DialogDescription>{t("rules.deleteBody")}</DialogDescription>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="destructive" onClick={() => deleting && void remove(deleting)}>
              {t("rules.deleteConfirm")}
            </Button>
            <Button type="button" variant="outline" onClick={() => setDeleting(null)}>
              {t("transactions.cancel")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function RuleItem({
  rule,
  place,
  last,
  accounts,
  canManage,
  onMove,
  onEdit,
  onDelete,
  onFailed,
}: {
  rule: RuleView;
  place: number;
  last: boolean;
  accounts: RuleAccount[];
  canManage: boolean;
  onMove: (direction: "up" | "down") => void;
  onEdit: () => void;
  onDelete: () => void;
  onFailed: (e: unknown) => void;
}) {
  const { t } = useTranslation("banking");
  return (
    <li className="grid min-w-0 gap-2 rounded-md border border-solid border-border p-3" data-testid="rule-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="m-0 min-w-0 break-words text-base">
          <span className="me-2 tabular-nums text-muted-foreground">{place}.</span>
          {rule.name}
        </h3>
        {canManage ? (
          <div className="flex flex-wrap gap-1">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={place === 1}
              onClick={() => onMove("up")}
              aria-label={t("rules.moveUp", { name: rule.name })}
            >
              <ArrowUp aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={last}
              onClick={() => onMove("down")}
              aria-label={t("rules.moveDown", { name: rule.name })}
            >
              <ArrowDown aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={onEdit} aria-label={t("rules.edit", { name: rule.name })}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={onDelete} aria-label={t("rules.delete", { name: rule.name })}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        ) : null}
      </div>
      <RuleSummary conditions={rule.conditions} actions={rule.actions} accounts={accounts} />
      <RuleApply ruleId={rule.id} name={rule.name} canManage={canManage} onFailed={onFailed} />
    </li>
  );
}

/** "Preview" then "Apply to past transactions", optionally replacing what people wrote by hand. */
export function RuleApply({ ruleId, name, canManage, onFailed }: { ruleId: string; name: string; canManage: boolean; onFailed: (e: unknown) => void }) {
  const { t } = useTranslation("banking");
  const revalidator = useRevalidator();
  const uid = useId();
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [overwrite, setOverwrite] = useState(false);

  async function load(replace = overwrite) {
    setOpen(true);
    setBusy(true);
    try {
      setPreview(await apiFetch<RulePreview>(`/api/banking/rules/${ruleId}/preview${replace ? "?overwrite=1" : ""}`));
    } catch (e) {
      onFailed(e);
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    setBusy(true);
    try {
      const result = await apiFetch<{ changed: number; locked: number; kept: number }>(`/api/banking/rules/${ruleId}/apply`, {
        method: "POST",
        body: { overwrite },
      });
      toast({ title: t("rules.appliedTitle", { name }), description: t("rules.applied", { count: result.changed }) });
      revalidator.revalidate();
      setBusy(false);
      await load();
    } catch (e) {
      onFailed(e);
      setBusy(false);
    }
  }

  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" aria-expanded={open} onClick={() => (open ? setOpen(false) : void load())}>
          <Eye aria-hidden="true" className="me-1 h-4 w-4" />
          {t("rules.preview.button")}
        </Button>
        {canManage ? (
          <>
            <label className="flex items-center gap-2 text-sm" htmlFor={`${uid}-overwrite`}>
              <input
                id={`${uid}-overwrite`}
                type="checkbox"
                checked={overwrite}
                onChange={(e) => {
                  setOverwrite(e.target.checked);
                  if (open) void load(e.target.checked);
                }}
              />
              {t("rules.overwrite")}
            </label>
            <Button type="button" size="sm" disabled={busy} onClick={() => void apply()}>
              <WandSparkles aria-hidden="true" className="me-1 h-4 w-4" />
              {t("rules.apply")}
            </Button>
          </>
        ) : null}
      </div>
      {open ? <RulePreviewResult preview={preview} busy={busy} id={`${uid}-preview`} /> : null}
    </div>
  );
}
