import { type DraftValues, type FieldId, listValue, type TemplateField, textValue } from "./fields";
import { daysBetween, formatAmount, joinNames, longDate, parseAmount } from "./format";

/**
 * The instruments a trustee needs most, each as its fields and a function from the fields to the
 * text. The text is English (these are instruments under US trust law, modelled on the Uniform
 * Trust Code); the form around them is translated. The browser shows `renderDraft` as the live
 * preview and the server turns the same blocks into DOCX and PDF, so what is seen is what is saved.
 */
export const TEMPLATE_IDS = ["certification", "notice", "acceptance", "receipt", "minutes"] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export type Block =
  | { kind: "title"; text: string }
  | { kind: "subtitle"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "numbered"; items: string[] }
  | { kind: "bullets"; items: string[] }
  /** A warning the law asks to be conspicuous: set apart and in bold. */
  | { kind: "notice"; text: string }
  | { kind: "signature"; name: string; capacity: string; date?: string };

export interface DraftDocument {
  title: string;
  blocks: Block[];
}

export interface TemplateDefinition {
  id: TemplateId;
  /** The instrument's English title (the document's heading and default file name). */
  documentTitle: string;
  /** Which uniform-law section it follows, shown under the template's name. */
  reference: string;
  fields: TemplateField[];
  render: (values: DraftValues) => DraftDocument;
}

/** A blank line for a value not given yet (the preview shows where it goes; export requires it). */
export const BLANK = "__________";

const v = (values: DraftValues, id: FieldId) => textValue(values, id) || BLANK;
const names = (values: DraftValues, id: FieldId) => joinNames(listValue(values, id)) || BLANK;
const date = (values: DraftValues, id: FieldId) => (textValue(values, id) ? longDate(textValue(values, id)) : BLANK);
/** "the Smith Trust dated …", or "The Hartwell Family Trust dated …" when the name has its own article. */
const trustIdentity = (values: DraftValues) => {
  const name = v(values, "trustName");
  return `${/^the\s/i.test(name) ? "" : "the "}${name} dated ${date(values, "trustDate")}`;
};

/** Signature blocks for a list of signers, each with a line for the date. */
function signatures(signers: string[], capacity: string, withDate = true): Block[] {
  return (signers.length ? signers : [BLANK]).map((name) => ({
    kind: "signature" as const,
    name,
    capacity,
    ...(withDate ? { date: "Date: ____________________" } : {}),
  }));
}

const SIGNING_AUTHORITY: Record<string, string> = {
  any: "any one trustee acting alone may sign and exercise the powers of the trustee",
  majority: "a majority of the trustees must sign to exercise the powers of the trustee",
  all: "all trustees must sign to exercise the powers of the trustee",
};

const certification: TemplateDefinition = {
  id: "certification",
  documentTitle: "Certification of Trust",
  reference: "Uniform Trust Code § 1013",
  fields: [
    { id: "trustName", required: true },
    { id: "trustDate", required: true },
    { id: "settlors", required: true },
    { id: "trustees", required: true },
    { id: "trusteeAddress", required: true },
    { id: "trusteePowers", required: true },
    { id: "revocability", required: true },
    { id: "revocationHolders" },
    { id: "signingAuthority", required: true },
    { id: "governingLaw", required: true },
    { id: "titleForm" },
    { id: "tin" },
    { id: "signedAt" },
    { id: "signingDate", required: true },
  ],
  render(values) {
    const trustees = listValue(values, "trustees");
    const revocable = textValue(values, "revocability") !== "irrevocable";
    const holders = textValue(values, "revocationHolders") || names(values, "settlors");
    const titleForm =
      textValue(values, "titleForm") || `${joinNames(trustees) || BLANK}, ${trustees.length > 1 ? "Trustees" : "Trustee"} of ${trustIdentity(values)}`;
    const authority =
      trustees.length > 1
        ? (SIGNING_AUTHORITY[textValue(values, "signingAuthority")] ?? SIGNING_AUTHORITY.any)
        : "the sole trustee may sign and exercise the powers of the trustee";
    const tin = textValue(values, "tin") || "Withheld from this certification; furnished to the recipient separately on request.";
    return {
      title: "Certification of Trust",
      blocks: [
        { kind: "title", text: "Certification of Trust" },
        { kind: "subtitle", text: `${v(values, "trustName")} — under section 1013 of the Uniform Trust Code as adopted in ${v(values, "governingLaw")}` },
        {
          kind: "paragraph",
          text: `The undersigned, being ${trustees.length > 1 ? "all of the currently acting trustees" : "the currently acting trustee"} of the trust described below, certify the following facts in lieu of furnishing a copy of the trust instrument:`,
        },
        {
          kind: "numbered",
          items: [
            `The trust exists and was executed on ${date(values, "trustDate")}. The name of the trust is ${v(values, "trustName")}.`,
            `The settlor${listValue(values, "settlors").length > 1 ? "s" : ""} of the trust: ${names(values, "settlors")}.`,
            `The currently acting trustee${trustees.length > 1 ? "s" : ""}: ${joinNames(trustees) || BLANK}, whose address is: ${v(values, "trusteeAddress")}.`,
            `The powers of the trustee: ${v(values, "trusteePowers")}`,
            revocable
              ? `The trust is revocable. The power to revoke the trust is held by: ${holders}.`
              : "The trust is irrevocable. No person holds a power to revoke it.",
            `Signature authority: ${authority}.`,
            `The trust's taxpayer identification number: ${tin}`,
            `Title to trust property shall be taken in the name of: ${titleForm}.`,
            `The trust is governed by the law of ${v(values, "governingLaw")}.`,
            "The trust has not been revoked, modified or amended in any manner that would cause the representations contained in this certification to be incorrect.",
          ],
        },
        {
          kind: "paragraph",
          text: "A recipient of this certification may rely upon it without requiring a copy of the trust instrument and is not liable for acting in reliance upon it without knowledge that the representations it contains are incorrect.",
        },
        {
          kind: "paragraph",
          text: `Signed${textValue(values, "signedAt") ? ` at ${textValue(values, "signedAt")}` : ""} on ${date(values, "signingDate")}.`,
        },
        ...signatures(trustees, "Trustee", false),
        { kind: "heading", text: "Acknowledgment" },
        { kind: "paragraph", text: `[A notary's acknowledgment in the form required by the law of ${v(values, "governingLaw")} is attached here.]` },
      ],
    };
  },
};

const notice: TemplateDefinition = {
  id: "notice",
  documentTitle: "Notice to Beneficiaries",
  reference: "Uniform Trust Code § 813(b)",
  fields: [
    { id: "trustName", required: true },
    { id: "trustDate", required: true },
    { id: "settlors", required: true },
    { id: "irrevocableDate", required: true },
    { id: "irrevocableEvent", required: true },
    { id: "beneficiaries", required: true },
    { id: "trustees", required: true },
    { id: "trusteeContact", required: true },
    { id: "governingLaw", required: true },
    { id: "noticeDate", required: true },
    { id: "contestWarning" },
  ],
  render(values) {
    const trustees = listValue(values, "trustees");
    const warning = textValue(values, "contestWarning");
    return {
      title: "Notice to Beneficiaries",
      blocks: [
        { kind: "title", text: "Notice to Beneficiaries of an Irrevocable Trust" },
        { kind: "subtitle", text: `${v(values, "trustName")} — given under section 813 of the Uniform Trust Code as adopted in ${v(values, "governingLaw")}` },
        { kind: "paragraph", text: `Date of this notice: ${date(values, "noticeDate")}` },
        { kind: "paragraph", text: `To: ${names(values, "beneficiaries")}` },
        {
          kind: "paragraph",
          text: `You are receiving this notice because you are a beneficiary of ${trustIdentity(values)}, created by ${names(values, "settlors")} (the "Trust"). On ${date(values, "irrevocableDate")} the Trust became irrevocable because of ${v(values, "irrevocableEvent")}. The trustee gives this notice within sixty (60) days after learning that the Trust became irrevocable.`,
        },
        { kind: "heading", text: "The trustee" },
        {
          kind: "paragraph",
          text: `The ${trustees.length > 1 ? "trustees" : "trustee"} of the Trust ${trustees.length > 1 ? "are" : "is"} ${joinNames(trustees) || BLANK}. You may reach the trustee at:\n${v(values, "trusteeContact")}`,
        },
        { kind: "heading", text: "Your rights" },
        {
          kind: "bullets",
          items: [
            "You have the right to request a copy of the trust instrument. The trustee will send you a copy of the terms of the Trust that describe or affect your interest on request.",
            "You have the right to request the trustee's report: at least annually, and at the termination of the Trust, a report of the trust property, liabilities, receipts and disbursements, including the source and amount of the trustee's compensation, and a listing of the trust assets and, if feasible, their market values.",
            "You may ask the trustee for any other information reasonably necessary to protect your interest.",
          ],
        },
        ...(warning ? [{ kind: "notice" as const, text: warning }] : []),
        { kind: "paragraph", text: "This notice does not change the terms of the Trust, and it is not a request for any action on your part." },
        ...signatures(trustees, "Trustee"),
      ],
    };
  },
};

const CAPACITY: Record<string, string> = { successor_trustee: "successor trustee", co_trustee: "co-trustee", trustee: "trustee" };

const acceptance: TemplateDefinition = {
  id: "acceptance",
  documentTitle: "Acceptance of Trusteeship",
  reference: "Uniform Trust Code § 701",
  fields: [
    { id: "trustName", required: true },
    { id: "trustDate", required: true },
    { id: "settlors", required: true },
    { id: "trusteeName", required: true },
    { id: "capacity", required: true },
    { id: "vacancyReason" },
    { id: "effectiveDate", required: true },
    { id: "trusteeAddress" },
    { id: "governingLaw", required: true },
    { id: "signingDate", required: true },
  ],
  render(values) {
    const capacity = CAPACITY[textValue(values, "capacity")] ?? "trustee";
    const reason = textValue(values, "vacancyReason");
    const address = textValue(values, "trusteeAddress");
    return {
      title: "Acceptance of Trusteeship",
      blocks: [
        { kind: "title", text: "Acceptance of Trusteeship" },
        { kind: "subtitle", text: `${v(values, "trustName")} — under section 701 of the Uniform Trust Code as adopted in ${v(values, "governingLaw")}` },
        {
          kind: "paragraph",
          text: `I, ${v(values, "trusteeName")}, accept my appointment as ${capacity} of ${trustIdentity(values)}, established by ${names(values, "settlors")} (the "Trust"), effective ${date(values, "effectiveDate")}${reason ? `, ${reason}` : ""}.`,
        },
        {
          kind: "numbered",
          items: [
            "I agree to administer the Trust in good faith, in accordance with its terms and purposes and the interests of the beneficiaries, and in accordance with the law.",
            "I acknowledge the duties of loyalty, impartiality and prudent administration, and the duties to keep the beneficiaries reasonably informed and to keep adequate records of the administration of the Trust.",
            "I will keep trust property separate from my own property and designate it as property of the Trust.",
            `Within sixty (60) days after accepting the trusteeship I will notify the qualified beneficiaries of my acceptance and of my name, address and telephone number.`,
          ],
        },
        ...(address ? [{ kind: "paragraph" as const, text: `My address for notices concerning the Trust:\n${address}` }] : []),
        { kind: "paragraph", text: `Signed on ${date(values, "signingDate")}.` },
        ...signatures([v(values, "trusteeName")], capacity[0].toUpperCase() + capacity.slice(1), false),
      ],
    };
  },
};

const receipt: TemplateDefinition = {
  id: "receipt",
  documentTitle: "Receipt and Release for Distribution",
  reference: "Uniform Trust Code §§ 817, 1009",
  fields: [
    { id: "trustName", required: true },
    { id: "trustDate", required: true },
    { id: "trustees", required: true },
    { id: "beneficiaryName", required: true },
    { id: "amount", required: true },
    { id: "currency", required: true },
    { id: "assetsDescription" },
    { id: "distributionDate", required: true },
    { id: "distributionKind", required: true },
    { id: "governingLaw", required: true },
    { id: "signingDate", required: true },
  ],
  render(values) {
    const trustees = listValue(values, "trustees");
    const currency = textValue(values, "currency") || "USD";
    const minor = parseAmount(textValue(values, "amount"), currency);
    const amount = minor === null ? BLANK : formatAmount(minor, currency);
    const assets = textValue(values, "assetsDescription");
    const final = textValue(values, "distributionKind") === "final";
    const trusteeWord = trustees.length > 1 ? "trustees" : "trustee";
    return {
      title: "Receipt and Release for Distribution",
      blocks: [
        { kind: "title", text: final ? "Receipt, Release and Discharge on Final Distribution" : "Receipt and Release for Partial Distribution" },
        { kind: "subtitle", text: trustIdentity(values).replace(/^the /, "") },
        {
          kind: "paragraph",
          text: `I, ${v(values, "beneficiaryName")}, a beneficiary of ${trustIdentity(values)} (the "Trust"), acknowledge that on ${date(values, "distributionDate")} I received from ${joinNames(trustees) || BLANK}, as ${trusteeWord} of the Trust, a ${final ? "final" : "partial"} distribution of ${amount}${assets ? `, together with the following property:\n${assets}` : "."}`,
        },
        final
          ? {
              kind: "paragraph",
              text: `This distribution is in full satisfaction of my interest in the Trust. In consideration of it, I release and discharge the ${trusteeWord}, personally and as ${trusteeWord}, from all liability, claims and demands arising from the administration of the Trust, to the extent permitted by the law of ${v(values, "governingLaw")}.`,
            }
          : {
              kind: "paragraph",
              text: `I release the ${trusteeWord}, personally and as ${trusteeWord}, from liability for making this distribution, and only for this distribution. This release does not affect my remaining interest in the Trust or any claim concerning any other act of the ${trusteeWord}.`,
            },
        {
          kind: "paragraph",
          text: `I sign this release knowingly and voluntarily. I have been given the opportunity to review the trustee's reports and to consult a lawyer of my choice. This release does not apply to any fact the ${trusteeWord} did not disclose to me, and it is governed by the law of ${v(values, "governingLaw")}.`,
        },
        { kind: "paragraph", text: `Signed on ${date(values, "signingDate")}.` },
        ...signatures([v(values, "beneficiaryName")], "Beneficiary", false),
      ],
    };
  },
};

const minutes: TemplateDefinition = {
  id: "minutes",
  documentTitle: "Minutes of a Beneficiary Meeting",
  reference: "Uniform Trust Code § 813 (keeping beneficiaries informed)",
  fields: [
    { id: "trustName", required: true },
    { id: "meetingDate", required: true },
    { id: "meetingTime" },
    { id: "location", required: true },
    { id: "chair", required: true },
    { id: "recorder" },
    { id: "attendees", required: true },
    { id: "absent" },
    { id: "agenda", required: true },
    { id: "discussion" },
    { id: "resolutions" },
    { id: "nextMeeting" },
    { id: "adjournedAt" },
  ],
  render(values) {
    const time = textValue(values, "meetingTime");
    const recorder = textValue(values, "recorder");
    const absent = listValue(values, "absent");
    const discussion = textValue(values, "discussion");
    const resolutions = listValue(values, "resolutions");
    const next = textValue(values, "nextMeeting");
    const adjourned = textValue(values, "adjournedAt");
    return {
      title: "Minutes of a Beneficiary Meeting",
      blocks: [
        { kind: "title", text: "Minutes of a Beneficiary Meeting" },
        { kind: "subtitle", text: v(values, "trustName") },
        {
          kind: "paragraph",
          text: `A meeting of the trustees and beneficiaries of ${v(values, "trustName")} was held on ${date(values, "meetingDate")}${time ? ` at ${time}` : ""}, at ${v(values, "location")}. ${v(values, "chair")} chaired the meeting${recorder ? ` and ${recorder} recorded these minutes` : ""}.`,
        },
        { kind: "heading", text: "Present" },
        { kind: "bullets", items: listValue(values, "attendees").length ? listValue(values, "attendees") : [BLANK] },
        ...(absent.length
          ? [
              { kind: "heading" as const, text: "Absent" },
              { kind: "bullets" as const, items: absent },
            ]
          : []),
        { kind: "heading", text: "Agenda" },
        { kind: "numbered", items: listValue(values, "agenda").length ? listValue(values, "agenda") : [BLANK] },
        ...(discussion
          ? [
              { kind: "heading" as const, text: "Discussion" },
              { kind: "paragraph" as const, text: discussion },
            ]
          : []),
        { kind: "heading", text: "Decisions" },
        resolutions.length ? { kind: "numbered", items: resolutions } : { kind: "paragraph", text: "No decisions were taken." },
        ...(next ? [{ kind: "paragraph" as const, text: `Next meeting: ${next}.` }] : []),
        {
          kind: "paragraph",
          text: `${adjourned ? `The meeting was adjourned at ${adjourned}. ` : ""}These minutes are a summary of the meeting, not a verbatim record.`,
        },
        ...signatures([recorder || v(values, "chair")], recorder ? "Recorder" : "Chair"),
      ],
    };
  },
};

export const TEMPLATES: Record<TemplateId, TemplateDefinition> = { certification, notice, acceptance, receipt, minutes };

export function isTemplateId(id: unknown): id is TemplateId {
  return typeof id === "string" && (TEMPLATE_IDS as readonly string[]).includes(id);
}

export function renderDraft(templateId: TemplateId, values: DraftValues): DraftDocument {
  return TEMPLATES[templateId].render(values);
}

/** Every line of a draft as plain text (the preview's accessible text, tests, and the AI's context). */
export function draftToPlainText(draft: DraftDocument): string {
  const lines: string[] = [];
  for (const block of draft.blocks) {
    switch (block.kind) {
      case "numbered":
        block.items.forEach((item, i) => lines.push(`${i + 1}. ${item}`));
        break;
      case "bullets":
        block.items.forEach((item) => lines.push(`• ${item}`));
        break;
      case "signature":
        lines.push("______________________________", block.name, block.capacity, ...(block.date ? [block.date] : []));
        break;
      default:
        lines.push(block.text);
    }
    lines.push("");
  }
  return lines.join("\n").trim();
}

/** The notice's 60-day rule (UTC § 813(b)(3)): days between the trust becoming irrevocable and the notice, when over 60. */
export function lateNoticeDays(values: DraftValues): number | null {
  const days = daysBetween(textValue(values, "irrevocableDate"), textValue(values, "noticeDate"));
  return days !== null && days > 60 ? days : null;
}

/** A file name for a draft: "Certification of Trust - The Hartwell Family Trust.docx". */
export function draftFileName(templateId: TemplateId, values: DraftValues, format: "docx" | "pdf"): string {
  const trust = textValue(values, "trustName")
    // eslint-disable-next-line no-control-regex -- control characters are among those no file system accepts
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  return `${TEMPLATES[templateId].documentTitle}${trust ? ` - ${trust}` : ""}.${format}`;
}
