import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { PersonEntry, ProfileField } from "../profile-reading";
import { PROFILE_FIELDS, TRUST_TYPES } from "../profile-reading";
import type { TrustProfileView } from "../profile.server";
import { ComplianceAnswer } from "./answer";
import { useDay } from "./dates";

const PEOPLE: ProfileField[] = ["settlors", "trustees", "successorTrustees", "beneficiaries"];

function personLine(person: PersonEntry, field: ProfileField) {
  if (field !== "beneficiaries") return person.name;
  return [person.name, person.share ?? "", person.conditions ?? ""].join(" | ").replace(/( \| )+$/, "");
}

/** The edit form's hint above the value, in the "compliance" namespace. */
function hintKey(field: ProfileField): string {
  if (field === "beneficiaries") return "profile.hints.beneficiaries";
  if (PEOPLE.includes(field)) return "profile.hints.people";
  if (field === "jurisdictions" || field === "date" || field === "estateTaxReturnRequired") return `profile.hints.${field}`;
  return "profile.hints.text";
}

/** A yes/no answer as the form's select holds it. */
const yesNo = (value: unknown) => (value === true ? "yes" : value === false ? "no" : "");

function FieldValue({ field, value }: { field: ProfileField; value: unknown }) {
  const { t } = useTranslation("compliance");
  const day = useDay();
  if (field === "estateTaxReturnRequired") return <>{t(`profile.estateTax.${yesNo(value) || "unanswered"}`)}</>;
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0))
    return <span className="text-muted-foreground">{t("profile.notFound")}</span>;
  if (PEOPLE.includes(field)) {
    return (
      <ol className="m-0 grid gap-1 pl-5">
        {(value as PersonEntry[]).map((person, index) => (
          <li key={`${person.name}-${index}`}>
            {person.name}
            {person.share ? ` — ${person.share}` : ""}
            {person.conditions ? <span className="block text-sm text-muted-foreground">{person.conditions}</span> : null}
          </li>
        ))}
      </ol>
    );
  }
  if (field === "type") return <>{t(`trustTypes.${String(value)}`)}</>;
  if (field === "date") return <>{day(String(value))}</>;
  if (field === "jurisdictions") return <>{(value as string[]).map((code) => t(`jurisdictions.${code}`, { defaultValue: code })).join(", ")}</>;
  return <>{String(value)}</>;
}

/** The trust's profile, each field with where the documents state it and, for trustees, a way to correct it. */
export function ProfilePanel({ profile, canManage }: { profile: TrustProfileView; canManage: boolean }) {
  const { t } = useTranslation("compliance");
  return (
    <section
      aria-labelledby="profile-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5"
    >
      <h2 id="profile-heading" className="m-0 text-lg">
        {t("profile.heading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">
        {profile.instrument ? t("profile.readFrom", { title: profile.instrument.title, count: profile.instrument.amendments }) : t("profile.noInstrument")}
      </p>
      <ComplianceAnswer intents={["profile-field"]} />
      <dl className="m-0 grid gap-4" data-testid="trust-profile">
        {PROFILE_FIELDS.map((field) => {
          const view = profile.fields[field];
          const value = view.value as unknown;
          const current = PEOPLE.includes(field)
            ? ((value as PersonEntry[] | null) ?? []).map((p) => personLine(p, field)).join("\n")
            : typeof value === "boolean"
              ? yesNo(value)
              : Array.isArray(value)
                ? value.join(", ")
                : ((value as string | null) ?? "");
          return (
            <div key={field} className="grid gap-1 border-0 border-b border-solid border-border pb-3" data-testid={`profile-${field}`}>
              <dt className="font-medium">{t(`profile.fields.${field}`)}</dt>
              <dd className="m-0 grid gap-1">
                <FieldValue field={field} value={value} />
                {view.edited ? (
                  <span className="text-sm text-muted-foreground">{t("profile.editedBy", { name: view.edited.by, on: view.edited.at.slice(0, 10) })}</span>
                ) : view.source ? (
                  <span className="text-sm text-muted-foreground">
                    {t("profile.source")}{" "}
                    <Link
                      to={`/documents/${view.source.documentId}${view.source.passage ? `?passage=${encodeURIComponent(view.source.passage.slice(0, 200))}` : ""}`}
                    >
                      {view.source.documentTitle}
                    </Link>
                    {view.source.passage ? <q className="block italic">{view.source.passage}</q> : null}
                  </span>
                ) : null}
                {canManage ? (
                  <details>
                    <summary className="cursor-pointer text-sm">{t("profile.edit", { field: t(`profile.fields.${field}`) })}</summary>
                    <Form method="post" className="mt-2 grid max-w-xl gap-2">
                      <input type="hidden" name="intent" value="profile-field" />
                      <input type="hidden" name="field" value={field} />
                      <label className="grid gap-1 text-sm">
                        {t(hintKey(field))}
                        {field === "estateTaxReturnRequired" ? (
                          <select
                            name="value"
                            defaultValue={current}
                            className="w-full min-w-0 rounded-md border border-solid border-input bg-background p-1.5"
                          >
                            <option value="">{t("profile.estateTax.unanswered")}</option>
                            <option value="yes">{t("profile.estateTax.yes")}</option>
                            <option value="no">{t("profile.estateTax.no")}</option>
                          </select>
                        ) : field === "type" ? (
                          <select
                            name="value"
                            defaultValue={current}
                            className="w-full min-w-0 rounded-md border border-solid border-input bg-background p-1.5"
                          >
                            <option value="">{t("profile.unknownType")}</option>
                            {TRUST_TYPES.map((type) => (
                              <option key={type} value={type}>
                                {t(`trustTypes.${type}`)}
                              </option>
                            ))}
                          </select>
                        ) : PEOPLE.includes(field) ? (
                          <textarea name="value" rows={4} defaultValue={current} className="rounded-md border border-solid border-input bg-background p-1.5" />
                        ) : (
                          <input
                            name="value"
                            type={field === "date" ? "date" : "text"}
                            defaultValue={current}
                            className="rounded-md border border-solid border-input bg-background p-1.5"
                          />
                        )}
                      </label>
                      <div className="flex flex-wrap gap-2">
                        <Button type="submit" size="sm">
                          {t("profile.save")}
                        </Button>
                        {view.edited ? (
                          <Button type="submit" size="sm" variant="ghost" name="reset" value="1">
                            {t("profile.reset")}
                          </Button>
                        ) : null}
                      </div>
                    </Form>
                  </details>
                ) : null}
              </dd>
            </div>
          );
        })}
        <div className="grid gap-1">
          <dt className="font-medium">{t("profile.fields.ein")}</dt>
          <dd className="m-0 text-sm">
            {profile.ein.masked ?? t("profile.notFound")} · {t("profile.taxYear", { month: profile.ein.taxYearEndMonth })} ·{" "}
            <Link to="/tax-administration">{t("profile.editTax")}</Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}
