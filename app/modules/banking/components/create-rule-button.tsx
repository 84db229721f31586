import { WandSparkles } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/use-toast";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import type { AccountSummary } from "../accounts.server";
import { draftFromTransaction } from "../rule-changes";
import { ruleToForm } from "../rule-form";
import type { TransactionView } from "../transactions.server";
import { RuleEditor } from "./rule-editor";
import { RuleApply } from "./rules-panel";
import type { RuleAccount, RuleMember } from "./rule-summary";

/**
 * In a transaction's editor: which rule filled it in, if one did, and "Create a rule from this
 * transaction" (its description's stable part and its account as conditions, what it says now as
 * actions), then a preview of the past transactions the new rule would change and a way to apply it.
 */
export function CreateRuleButton({ tx, members, canEdit }: { tx: TransactionView; members: RuleMember[]; canEdit: boolean }) {
  const { t } = useTranslation("banking");
  const [open, setOpen] = useState(false);
  const [accounts, setAccounts] = useState<RuleAccount[] | null>(null);
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const draft = draftFromTransaction(tx);

  async function start() {
    setCreated(null);
    setOpen(true);
    if (accounts) return;
    try {
      const answer = await apiFetch<{ accounts: AccountSummary[] }>("/api/banking/accounts");
      setAccounts(answer.accounts.map((a) => ({ id: a.id, name: a.name, currency: a.currency })));
    } catch (e) {
      setOpen(false);
      toast({ variant: "destructive", title: t("rules.failedTitle"), description: refusalSentence(e, t("rules.failed")) });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm sm:col-span-2">
      {tx.rule ? (
        <span className="text-muted-foreground" data-testid="filled-by-rule">
          {tx.rule.name ? t("rules.filledBy", { name: tx.rule.name }) : t("rules.filledByDeleted")}
        </span>
      ) : null}
      {canEdit ? (
        <Button type="button" variant="outline" size="sm" onClick={() => void start()}>
          <WandSparkles aria-hidden="true" className="me-1 h-4 w-4" />
          {t("rules.fromTransaction")}
        </Button>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="max-w-2xl"
          // Keys typed here belong to the dialog, not to the transaction list behind it.
          onKeyDown={(event) => event.stopPropagation()}
        >
          <DialogTitle>{t("rules.fromTransaction")}</DialogTitle>
          <DialogDescription>{created ? t("rules.createdNext", { name: created.name }) : t("rules.fromTransactionHelp")}</DialogDescription>
          {!accounts ? (
            <p className="m-0 text-sm">{t("rules.preview.loading")}</p>
          ) : created ? (
            <div className="grid gap-3">
              <RuleApply
                ruleId={created.id}
                name={created.name}
                canManage
                onFailed={(e) =>
                  toast({
                    variant: "destructive",
                    title: t("rules.failedTitle"),
                    description: refusalSentence(e, t("rules.failed")),
                  })
                }
              />
              <div>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t("rules.done")}
                </Button>
              </div>
            </div>
          ) : (
            <RuleEditor
              accounts={accounts}
              members={members}
              initial={ruleToForm(draft, accounts)}
              onSaved={(id, name) => {
                toast({ title: t("rules.created") });
                setCreated({ id, name });
              }}
              onCancel={() => setOpen(false)}
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
