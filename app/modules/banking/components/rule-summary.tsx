import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import { formatMinor } from "../money";
import type { RuleField } from "../rule-changes";
import type { RuleActions, RuleCondition } from "../rules";

type TFunction = (key: string, options?: Record<string, unknown>) => string;

/** A member a rule may name as the responsible party. */
export interface RuleMember {
  userId: string;
  name: string;
}

export interface RuleAccount {
  id: string;
  name: string;
  currency: string;
}

/** One condition in words: "Description contains “INTEREST”", "Amount between $10.00 and $20.00". */
export function conditionText(t: TFunction, c: RuleCondition, accounts: RuleAccount[], language: string): string {
  const currency = accounts[0]?.currency ?? "USD";
  switch (c.field) {
    case "description":
      return t(`rules.summary.description.${c.op}`, { value: c.value });
    case "amount":
      return c.op === "between"
        ? t("rules.summary.amount.between", { from: formatMinor(c.valueMinor, currency, language), to: formatMinor(c.toMinor, currency, language) })
        : t(`rules.summary.amount.${c.op}`, { value: formatMinor(c.valueMinor, currency, language) });
    case "account":
      return t("rules.summary.account", { account: accounts.find((a) => a.id === c.accountId)?.name ?? "?" });
    case "date":
      return c.from && c.to
        ? t("rules.summary.dateBetween", { from: c.from, to: c.to })
        : c.from
          ? t("rules.summary.dateFrom", { from: c.from })
          : t("rules.summary.dateTo", { to: c.to });
  }
}

/** A field's value as the person reads it (a category's name rather than its id). */
export function fieldValueText(t: TFunction, field: RuleField, value: string | null): string {
  if (value === null || value === "") return t("rules.preview.empty");
  if (field === "category") return t(`category.${value}`);
  if (field === "principalOrIncome") return t(`side.${value}`);
  return value;
}

export function actionTexts(t: TFunction, actions: RuleActions): string[] {
  const out: string[] = [];
  if (actions.purpose) out.push(`${t("transactions.purpose")}: ${actions.purpose}`);
  if (actions.category) out.push(`${t("transactions.category")}: ${t(`category.${actions.category}`)}`);
  if (actions.responsibleParty) out.push(`${t("transactions.party")}: ${actions.responsibleParty.name}`);
  if (actions.principalOrIncome) out.push(`${t("transactions.side")}: ${t(`side.${actions.principalOrIncome}`)}`);
  if (actions.note) out.push(`${t("transactions.notes")}: ${actions.note}`);
  return out;
}

/** "If … and …, then set …": the rule in a sentence or two, for the list. */
export function RuleSummary({ conditions, actions, accounts }: { conditions: RuleCondition[]; actions: RuleActions; accounts: RuleAccount[] }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  return (
    <div className="grid gap-1 text-sm">
      <p className="m-0 break-words">
        <span className="font-medium">{t("rules.summary.if")}</span>{" "}
        {conditions.map((c) => conditionText(t, c, accounts, language)).join(t("rules.summary.and"))}
      </p>
      <p className="m-0 break-words text-muted-foreground">
        <span className="font-medium">{t("rules.summary.then")}</span> {actionTexts(t, actions).join(" · ")}
      </p>
    </div>
  );
}
