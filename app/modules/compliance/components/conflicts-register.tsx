import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { CONFLICT_BASES, RELATIONS } from "../ethics/checks";
import type { TrusteeRegister } from "../ethics.server";
import { ComplianceAnswer } from "./answer";
import { DocumentOptions } from "./ethics-flags";
import { useDay } from "./dates";

const field = "w-full min-w-0 rounded-md border border-solid border-input bg-background p-1.5";

function AddPartyForm({ trustee, evidence }: { trustee: TrusteeRegister; evidence: { id: string; title: string }[] }) {
  const { t } = useTranslation("compliance");
  return (
    <Form method="post" className="grid gap-2 sm:grid-cols-2" aria-label={t("ethics.register.addLabel", { name: trustee.name })}>
      <input type="hidden" name="intent" value="party-add" />
      <input type="hidden" name="target" value={trustee.userId} />
      <input type="hidden" name="trusteeUserId" value={trustee.userId} />
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.register.name")}
        <input name="name" required maxLength={200} className={field} />
      </label>
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.register.relation")}
        <select name="relation" required className={field}>
          {RELATIONS.map((relation) => (
            <option key={relation} value={relation}>
              {t(`ethics.relationLabels.${relation}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.register.aliases")}
        <input name="aliases" maxLength={1000} className={field} aria-describedby={`aliases-help-${trustee.userId}`} />
        <span id={`aliases-help-${trustee.userId}`} className="text-xs text-muted-foreground">
          {t("ethics.register.aliasesHelp")}
        </span>
      </label>
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.register.accountLastFour")}
        <input name="accountLastFour" inputMode="numeric" pattern="[0-9]{4}" maxLength={4} className={field} />
      </label>
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.register.basis")}
        <select name="basisKind" className={field}>
          <option value="">{t("ethics.register.noBasis")}</option>
          {CONFLICT_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {t(`ethics.basis.${basis}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.register.basisDocument")}
        <DocumentOptions name="basisDocumentId" evidence={evidence} className={field} />
      </label>
      <label className="grid min-w-0 gap-1 text-sm sm:col-span-2">
        {t("ethics.register.basisNote")}
        <input name="basisNote" maxLength={2000} className={field} />
      </label>
      <div>
        <Button type="submit" size="sm">
          {t("ethics.register.add")}
        </Button>
      </div>
    </Form>
  );
}

function DisclosureForm({ trustee }: { trustee: TrusteeRegister }) {
  const { t } = useTranslation("compliance");
  return (
    <Form
      method="post"
      className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      aria-label={t("ethics.register.disclosureLabel", { name: trustee.name })}
    >
      <input type="hidden" name="intent" value="disclosure-save" />
      <input type="hidden" name="target" value={trustee.userId} />
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.register.trusteeAliases")}
        <input name="aliases" defaultValue={trustee.aliases.join(", ")} maxLength={1000} className={field} />
      </label>
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.register.ownAccounts")}
        <input name="ownAccountLastFours" defaultValue={trustee.ownAccountLastFours.join(", ")} maxLength={200} className={field} />
      </label>
      <Button type="submit" size="sm" variant="outline">
        {t("ethics.register.saveDisclosure")}
      </Button>
    </Form>
  );
}

/** Each trustee's related persons and entities, their basis, their own accounts, and their last attestation. */
export function ConflictsRegister({
  register,
  canManage,
  evidence,
}: {
  register: TrusteeRegister[];
  canManage: boolean;
  evidence: { id: string; title: string }[];
}) {
  const { t } = useTranslation("compliance");
  const day = useDay();
  return (
    <section
      aria-labelledby="register-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5"
    >
      <h2 id="register-heading" className="m-0 text-lg">
        {t("ethics.register.heading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("ethics.register.help")}</p>
      <ComplianceAnswer intents={["party-add", "party-remove", "disclosure-save"]} />
      {register.map((trustee) => {
        return (
          <article key={trustee.userId} className="grid min-w-0 gap-3 rounded-md border border-solid border-border p-3" data-testid="register-trustee">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="m-0 text-base">{trustee.name}</h3>
              <span
                className={`text-sm ${trustee.attestationDue ? "text-amber-800 dark:text-amber-300" : "text-muted-foreground"}`}
                data-testid="attestation-status"
              >
                {trustee.lastAttestation
                  ? t(trustee.attestationDue ? "ethics.register.attestedLongAgo" : "ethics.register.attestedOn", { on: day(trustee.lastAttestation.at) })
                  : t("ethics.register.neverAttested")}
              </span>
            </div>
            {trustee.parties.length === 0 ? (
              <p className="m-0 text-sm text-muted-foreground">{t("ethics.register.noParties")}</p>
            ) : (
              <ul className="m-0 grid list-none gap-2 p-0" data-testid="related-parties">
                {trustee.parties.map((party) => (
                  <li key={party.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted p-2 text-sm">
                    <span className="min-w-0">
                      <strong>{party.name}</strong> · {t(`ethics.relationLabels.${party.relation}`)}
                      {party.accountLastFour ? ` · ${t("ethics.register.accountEnding", { lastFour: party.accountLastFour })}` : ""}
                      <span className="block text-muted-foreground">
                        {party.basis ? t(`ethics.basis.${party.basis.kind}`) : t("ethics.register.noBasis")}
                        {party.basisDocumentTitle && party.basis?.documentId ? (
                          <>
                            {" · "}
                            <a href={`/documents/${party.basis.documentId}`}>{party.basisDocumentTitle}</a>
                          </>
                        ) : null}
                        {party.basis?.note ? ` · ${party.basis.note}` : ""}
                      </span>
                    </span>
                    {canManage ? (
                      <Form method="post">
                        <input type="hidden" name="target" value={party.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="party-remove"
                          size="sm"
                          variant="ghost"
                          aria-label={t("ethics.register.removeLabel", { name: party.name })}
                        >
                          {t("ethics.register.remove")}
                        </Button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {canManage ? <DisclosureForm trustee={trustee} /> : null}
            {canManage ? (
              <details>
                <summary className="cursor-pointer text-sm">{t("ethics.register.addFor", { name: trustee.name })}</summary>
                <div className="pt-2">
                  <AddPartyForm trustee={trustee} evidence={evidence} />
                </div>
              </details>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
