/**
 * The product's e-mails that a workspace can personalise (/email-personalization, issue 21). Each has the product's
 * own words (email.json, `core.<key>.*`) wrapped in the workspace's look: the family's name, the greeting, an intro
 * paragraph of its own, the signature and the accent colour. Security mail keeps the product's look and words; only
 * the greeting is the family's, so a reset link always looks like the product's own.
 */
export const EMAIL_TEMPLATE_KEYS = ["verify_email", "reset_password", "invitation", "notification", "reminder", "digest", "message"] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export function isEmailTemplateKey(value: unknown): value is EmailTemplateKey {
  return typeof value === "string" && (EMAIL_TEMPLATE_KEYS as readonly string[]).includes(value);
}

/** Account security: never turned off, never restyled beyond the greeting. */
export const SECURITY_TEMPLATES: ReadonlySet<EmailTemplateKey> = new Set(["verify_email", "reset_password"]);

/**
 * Mail a person can stop with one click (a link in the footer and `List-Unsubscribe`). An invitation goes to someone
 * who has no account here yet, and a message is one person writing to another: neither is a subscription.
 */
export const UNSUBSCRIBABLE_TEMPLATES: ReadonlySet<EmailTemplateKey> = new Set(["notification", "reminder", "digest"]);

/** The fields a greeting, an intro or a signature may name. */
export const EMAIL_MERGE_FIELDS = ["recipient.name", "recipient.firstName", "family.name", "trust.name", "link.app", "today"] as const;
export type EmailMergeField = (typeof EMAIL_MERGE_FIELDS)[number];
export type EmailMergeValues = Partial<Record<EmailMergeField, string>>;

export const EMAIL_LIMITS = { familyNameMax: 80, greetingMax: 120, signatureMax: 600, introMax: 2000 } as const;

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names in braces that are not fields, once each, in order: named in the refusal. */
export function unknownFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(FIELD)) {
    if (!(EMAIL_MERGE_FIELDS as readonly string[]).includes(match[1]!)) unknown.add(match[1]!);
  }
  return [...unknown];
}

/** Whether a text names a field that has no value here (a greeting with the name of someone who has none yet). */
export function lacksValue(text: string, values: EmailMergeValues): boolean {
  return [...text.matchAll(FIELD)].some((m) => !values[m[1] as EmailMergeField]);
}

/** Fills every known field; `escape` is applied to values going into HTML. Unknown fields were refused on saving. */
export function fillFields(text: string, values: EmailMergeValues, escape: (value: string) => string = (v) => v): string {
  return text.replace(FIELD, (whole, name: string) => {
    if (!(EMAIL_MERGE_FIELDS as readonly string[]).includes(name)) return whole;
    return escape(values[name as EmailMergeField] ?? "");
  });
}
