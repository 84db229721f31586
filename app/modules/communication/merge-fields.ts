/**
 * Merge fields of message templates (issue 21, /smart-communication): `{{trust.name}}`, `{{recipient.firstName}}`…
 * filled from the workspace when the message is sent or previewed. Pure: the values are read elsewhere
 * (merge-data.server.ts). A template naming a field we do not have is refused with the field's name, so a family
 * never receives "Dear {{recipeint.name}}".
 */

/** Every field, and whether it needs one recipient (a message to a whole channel cannot say "Dear Sophie"). */
export const MERGE_FIELDS = {
  "trust.name": { perRecipient: false },
  "sender.name": { perRecipient: false },
  today: { perRecipient: false },
  "tax.year": { perRecipient: false },
  "link.app": { perRecipient: false },
  "link.documents": { perRecipient: false },
  "link.meetings": { perRecipient: false },
  "link.portal": { perRecipient: false },
  "meeting.title": { perRecipient: false },
  "meeting.when": { perRecipient: false },
  "meeting.link": { perRecipient: false },
  "accounting.period": { perRecipient: false },
  "recipient.name": { perRecipient: true },
  "recipient.firstName": { perRecipient: true },
  // A beneficiary's own distribution: never another's, so only with one recipient.
  "distribution.amount": { perRecipient: true },
  "distribution.purpose": { perRecipient: true },
  "distribution.date": { perRecipient: true },
} as const;

export type MergeField = keyof typeof MERGE_FIELDS;
export const MERGE_FIELD_NAMES = Object.keys(MERGE_FIELDS) as MergeField[];
export type MergeValues = Partial<Record<MergeField, string>>;

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The fields a text names, in order, once each; and the names that are not fields. */
export function fieldsIn(text: string): { known: MergeField[]; unknown: string[] } {
  const known = new Set<MergeField>();
  const unknown = new Set<string>();
  for (const match of text.matchAll(FIELD)) {
    const name = match[1];
    if (Object.hasOwn(MERGE_FIELDS, name)) known.add(name as MergeField);
    else unknown.add(name);
  }
  return { known: [...known], unknown: [...unknown] };
}

/** Fields that need a single recipient, named in a text meant for many. */
export function perRecipientFields(text: string): MergeField[] {
  return fieldsIn(text).known.filter((f) => MERGE_FIELDS[f].perRecipient);
}

/** The text with every field filled; a field without a value (no meeting planned) says so in words, not in braces. */
export function renderTemplate(text: string, values: MergeValues, missing: (field: MergeField) => string): string {
  return text.replace(FIELD, (whole, name: string) => {
    if (!Object.hasOwn(MERGE_FIELDS, name)) return whole;
    return values[name as MergeField] ?? missing(name as MergeField);
  });
}

/**
 * Templates are plain text, usable in chat, SMS and e-mail alike: markup is taken out on saving (the words between
 * tags stay), so a `<script>` never reaches a page, a text or a mail.
 */
export function plainText(text: string): { text: string; changed: boolean } {
  // Again until nothing changes: taking one tag out can join the halves of another ("<scr<b>ipt>").
  let cleaned = text;
  for (let pass = 0; pass < 20; pass++) {
    const next = cleaned
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
      .replace(/<\/?[a-z][^>]*>/gi, "")
      .replace(/<!--[\s\S]*?-->/g, "");
    if (next === cleaned) break;
    cleaned = next;
  }
  return { text: cleaned, changed: cleaned !== text };
}
