import { readFileSync } from "node:fs";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/i18n";
import { TextModelError, type ModelMessage, type TextModel } from "~/modules/ai/text-model";
import { analyzeOffline } from "~/modules/documents/analysis/offline";
import enAuth from "../../../public/locales/en/auth.json";
import enDrafting from "../../../public/locales/en/drafting.json";
import { acceptDraftAnswer, draftPrompt, extractJsonObject } from "./ai";
import { FIELDS, type FieldSpec } from "./fields";
import { formatAmount, isCalendarDate, joinNames, parseAmount } from "./format";
import { buildFacts, prefillValues } from "./prefill";
import { lateNoticeDays, TEMPLATE_IDS, TEMPLATES } from "./templates";
import { draftErrors, draftValuesSchema, exportRequestSchema, saveRequestSchema } from "./validation";

function englishT() {
  const i18n = createInstance();
  void i18n.init({ ...i18nConfig, lng: "en", resources: { en: { drafting: enDrafting, auth: enAuth } }, initImmediate: false });
  return i18n.getFixedT("en", ["drafting", "auth"]) as (key: string, options?: Record<string, unknown>) => string;
}
const t = englishT();
const NOW = new Date("2026-05-04T12:00:00Z");
const trustText = readFileSync(new URL("../../../tests/fixtures/documents/hartwell-family-trust.txt", import.meta.url), "utf8");

describe("facts from the workspace and the analysis", () => {
  const analysis = analyzeOffline(trustText, { title: "The Hartwell Family Revocable Living Trust", fileName: "trust.txt" });
  const members = [
    { name: "Eleanor Hartwell", role: "owner" },
    { name: "James Hartwell", role: "co_trustee" },
    { name: "Sophie Hartwell", role: "beneficiary" },
    { name: "Margaret Chen", role: "legal_professional" },
  ];

  it("current trustees from the workspace; settlors, beneficiaries, date and law from the instrument", () => {
    const facts = buildFacts({
      workspace: { name: "The Hartwell Family Trust", jurisdiction: "California, USA" },
      members,
      user: { name: "Margaret Chen", role: "legal_professional" },
      analysis,
      documentTitle: "The Hartwell Family Revocable Living Trust",
    });
    expect(facts).toMatchObject({
      trustName: "The Hartwell Family Trust",
      trustDate: "2019-03-14",
      settlors: ["Eleanor M. Hartwell", "Thomas J. Hartwell"],
      trustees: ["Eleanor Hartwell", "James Hartwell"],
      beneficiaries: ["Margaret A. Hartwell-Chen", "Daniel R. Hartwell", "Sofia L. Chen"],
      governingLaw: "California",
      revocable: true,
      userIsTrustee: false,
    });
    expect(facts.trusteePowers).toContain("California Probate Code sections 16200 through 16249");
    expect(facts.people).toContain("Sofia L. Chen");
    expect(facts.people).toContain("Margaret Chen");
    // A lawyer drafting: the first trustee signs, the lawyer does not.
    expect(prefillValues("minutes", facts, NOW).chair).toBe("Eleanor Hartwell");
    expect(prefillValues("notice", facts, NOW).trusteeContact).toBe("Eleanor Hartwell\n");
  });

  it("without an analysis: the workspace's beneficiaries and jurisdiction, nothing invented", () => {
    const facts = buildFacts({
      workspace: { name: "Rosa's Trust", jurisdiction: "Texas, USA" },
      members,
      user: { name: "Eleanor Hartwell", role: "owner" },
      analysis: null,
    });
    expect(facts).toMatchObject({
      trustDate: null,
      settlors: [],
      beneficiaries: ["Sophie Hartwell"],
      governingLaw: "Texas, USA",
      revocable: null,
      userIsTrustee: true,
    });
    const values = prefillValues("certification", facts, NOW);
    expect(values.trustDate).toBe("");
    expect(draftErrors("certification", values, t)).toMatchObject({
      trustDate: "Date of the trust instrument is required.",
      settlors: "Add at least one line to Settlors.",
      trusteeAddress: "Trustee's address is required.",
    });
    expect(prefillValues("notice", facts, NOW).contestWarning).toBe("");
  });
});

describe("validation of the fields", () => {
  const facts = buildFacts({
    workspace: { name: "The Hartwell Family Trust", jurisdiction: "California" },
    members: [{ name: "Eleanor Hartwell", role: "owner" }],
    user: { name: "Eleanor Hartwell", role: "owner" },
    analysis: null,
  });

  it("messages name the field as the form labels it; rules between fields hold", () => {
    const base = {
      ...prefillValues("notice", facts, NOW),
      trustDate: "2019-03-14",
      settlors: ["A"],
      beneficiaries: ["B"],
      irrevocableEvent: "the death of A",
      trusteeContact: "Eleanor",
    };
    expect(draftErrors("notice", { ...base, irrevocableDate: "2026-02-30" }, t)).toEqual({
      irrevocableDate: "Date the trust became irrevocable must be a real date.",
    });
    expect(draftErrors("notice", { ...base, irrevocableDate: "2026-05-10", noticeDate: "2026-05-01" }, t)).toEqual({
      noticeDate: "The notice cannot be dated before the trust became irrevocable.",
    });
    expect(draftErrors("notice", { ...base, irrevocableDate: "2026-01-01", noticeDate: "2026-05-01" }, t)).toEqual({});
    expect(lateNoticeDays({ irrevocableDate: "2026-01-01", noticeDate: "2026-05-01" })).toBe(120);
    expect(lateNoticeDays({ irrevocableDate: "2026-04-01", noticeDate: "2026-05-01" })).toBeNull();
    expect(draftErrors("notice", { ...base, irrevocableDate: "2026-04-01", trustDate: "2030-01-01" }, t)).toEqual({
      trustDate: "Date of the trust instrument cannot be in the future.",
    });
  });

  it("amounts per currency, TINs, choices, lengths and list sizes", () => {
    const receipt = { ...prefillValues("receipt", facts, NOW), trustDate: "2019-03-14", beneficiaryName: "Sofia", amount: "15000.00" };
    expect(draftErrors("receipt", receipt, t)).toEqual({});
    expect(draftErrors("receipt", { ...receipt, amount: "15000.50", currency: "JPY" }, t)).toEqual({
      amount: "This is not an amount in JPY (check the decimals).",
    });
    expect(draftErrors("receipt", { ...receipt, amount: "0" }, t)).toEqual({ amount: "The amount must be more than zero." });
    expect(draftErrors("receipt", { ...receipt, amount: "lots" }, t)).toEqual({ amount: "Amount must be an amount such as 15000.00." });
    expect(draftErrors("receipt", { ...receipt, distributionKind: "most" }, t)).toEqual({
      distributionKind: "Choose one of the options for Kind of distribution.",
    });
    const cert = { ...prefillValues("certification", facts, NOW), trustDate: "2019-03-14", settlors: ["A"], trusteeAddress: "1 Main St" };
    expect(draftErrors("certification", { ...cert, tin: "12-3456789" }, t)).toEqual({});
    expect(draftErrors("certification", { ...cert, tin: "123456789" }, t)).toEqual({
      tin: "A taxpayer identification number looks like 12-3456789 (EIN) or 123-45-6789 (SSN).",
    });
    expect(draftErrors("certification", { ...cert, trustName: "x".repeat(201) }, t)).toEqual({ trustName: "Name of the trust can be at most 200 characters." });
    expect(draftErrors("certification", { ...cert, settlors: Array.from({ length: 31 }, (_, i) => `S${i}`) }, t)).toEqual({
      settlors: "Settlors can have at most 30 lines.",
    });
    // The form sends list fields as text, one per line; the API as arrays: both are read the same.
    expect(draftValuesSchema("certification", t).parse({ ...cert, settlors: "A\n\n B " }).settlors).toEqual(["A", "B"]);
  });

  it("requests: unknown templates, formats, fields and targets are refused with a sentence", () => {
    expect(exportRequestSchema(t).safeParse({ template: "will", format: "docx", fields: {} }).error?.issues[0].message).toBe(
      "Choose one of the templates: certification, notice, acceptance, receipt or minutes.",
    );
    expect(exportRequestSchema(t).safeParse({ template: "minutes", format: "odt", fields: {} }).error?.issues[0].message).toBe("Choose DOCX or PDF.");
    expect(
      draftValuesSchema("minutes", t)
        .safeParse({ ...prefillValues("minutes", facts, NOW), surprise: "x" })
        .error?.issues.map((i) => i.code),
    ).toContain("unrecognized_keys");
    expect(
      saveRequestSchema(t).safeParse({ template: "minutes", format: "pdf", fields: {}, target: { kind: "version", documentId: "nope" } }).error?.issues[0]
        .message,
    ).toBe("Choose the document to add a version to.");
    expect(saveRequestSchema(t).safeParse({ template: "minutes", format: "pdf", fields: {}, target: { kind: "elsewhere" } }).error?.issues[0].message).toBe(
      "Choose whether to save a new document or a new version.",
    );
  });
});

describe("Draft with AI", () => {
  it("asks for one JSON object with the template's fields, today's date and the current values", () => {
    const messages = draftPrompt("receipt", "Sofia got $15,000 for tuition", { trustName: "The Hartwell Family Trust" }, "2026-05-04");
    expect(messages).toHaveLength(2);
    expect(messages[0].content).toContain('fill in a "Receipt and Release for Distribution"');
    expect(messages[0].content).toContain("- amount (string): the amount of money distributed, digits only, e.g. 15000.00");
    expect(messages[0].content).toContain('- distributionKind (one of "partial", "final")');
    expect(messages[0].content).toContain("Today is 2026-05-04.");
    expect(messages[0].content).not.toContain("meetingDate");
    expect(messages[1].content).toBe('Current fields:\n{"trustName":"The Hartwell Family Trust"}\n\nRequest:\nSofia got $15,000 for tuition');
  });

  it("keeps the fields that pass the form's rules, one by one, and lists the rest", () => {
    const answer =
      '```json\n{"beneficiaryName":"Sofia L. Chen","amount":"15000","distributionDate":"2026-13-40","distributionKind":"partial","meetingDate":"2026-05-01","hack":"x","assetsDescription":null}\n```';
    expect(acceptDraftAnswer("receipt", answer, t)).toEqual({
      fields: { beneficiaryName: "Sofia L. Chen", amount: "15000", distributionKind: "partial" },
      ignored: ["distributionDate", "meetingDate", "hack"],
    });
    expect(acceptDraftAnswer("minutes", '{"attendees":"Eleanor\\nJames","agenda":["Budget"]}', t)?.fields).toEqual({
      attendees: ["Eleanor", "James"],
      agenda: ["Budget"],
    });
    expect(acceptDraftAnswer("minutes", "I cannot help with that.", t)).toBeNull();
    expect(extractJsonObject("[1,2]")).toBeNull();
  });

  it("a fake model end to end: the prompt goes in, the validated fields come out", async () => {
    const seen: ModelMessage[][] = [];
    const model: TextModel = {
      engine: "openai-compatible",
      model: "fake",
      async complete(messages, options) {
        seen.push(messages);
        expect(options).toMatchObject({ json: true });
        return JSON.stringify({ chair: "Eleanor Hartwell", absent: ["Daniel Hartwell"], resolutions: ["Approve the roof repair"] });
      },
    };
    const answer = await model.complete(draftPrompt("minutes", "Daniel was absent; we approved the roof", {}, "2026-05-04"), { json: true });
    expect(acceptDraftAnswer("minutes", answer, t)?.fields).toEqual({
      chair: "Eleanor Hartwell",
      absent: ["Daniel Hartwell"],
      resolutions: ["Approve the roof repair"],
    });
    expect(seen).toHaveLength(1);
    expect(new TextModelError("x", 500).status).toBe(500);
  });
});

describe("formatting", () => {
  it("dates, names and money from integer minor units", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(joinNames(["A", " B ", "", "C"])).toBe("A, B and C");
    expect(parseAmount("1,234,567.8", "USD")).toBe(123456780);
    expect(parseAmount("12.345", "USD")).toBeNull();
    expect(parseAmount("5000", "JPY")).toBe(5000);
    expect(formatAmount(123456780, "USD")).toBe("$1,234,567.80 (US dollars)");
    expect(formatAmount(5000, "JPY")).toBe("¥5,000 (Japanese yen)");
    expect(formatAmount(99, "CHF")).toBe("CHF 0.99 (Swiss francs)");
  });
});

describe("drafting translations", () => {
  it("every template, field, hint and option has an English text", () => {
    const en = enDrafting as Record<string, string>;
    const missing: string[] = [];
    for (const id of TEMPLATE_IDS)
      for (const key of [`template.${id}.name`, `template.${id}.description`, `ai.placeholder.${id}`]) if (!en[key]) missing.push(key);
    for (const [id, spec] of Object.entries(FIELDS) as [string, FieldSpec][]) {
      if (!en[`field.${id}`]) missing.push(`field.${id}`);
      if (spec.hint && !en[`hint.${id}`]) missing.push(`hint.${id}`);
      if (spec.kind === "select" && id !== "currency")
        for (const option of spec.options ?? []) if (!en[`option.${id}.${option}`]) missing.push(`option.${id}.${option}`);
    }
    expect(missing).toEqual([]);
    // Every field a template uses is known.
    for (const template of Object.values(TEMPLATES)) for (const field of template.fields) expect(FIELDS[field.id]).toBeDefined();
  });
});
