import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import en from "../../../../public/locales/en/accounting.json";
import { unsupportedInPdf } from "~/modules/drafting/winansi";
import { computeAccounting } from "./compute";
import { accountingLayout, layoutText } from "./layout";
import { accountingPdf, pdfSafe, pdfWritesLanguage } from "./pdf";
import { accountingT, handExample, largeExample } from "./test-example";

const t = accountingT();
const locales = join(__dirname, "../../../../public/locales");
const generatedAt = new Date("2026-01-15T09:30:00Z");
const options = { t, locale: "en-US", generatedAt };

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("accountingLayout", () => {
  const report = computeAccounting(handExample());

  it("says what the account holds: title block, summary, check, every schedule", () => {
    const text = layoutText(accountingLayout(report, options));
    expect(text.slice(0, 6)).toEqual([
      "Fiduciary accounting",
      "Trust: The Hartwell Family Trust",
      "Trustees: Jane Doe, Zoë Ångström",
      "Period of the account: January 1, 2025 to December 31, 2025",
      "Reason for the account: Annual account",
      "All amounts in USD",
    ]);
    // ICU versions differ in the space before "AM".
    expect(text[6]).toMatch(/^Prepared on January 15, 2026.* 9:30\sAM \(UTC\)$/);
    for (const heading of ["summary.title", "check.title", "schedule.propertyAtStart", "schedule.receipts", "schedule.gainsAndLosses"])
      expect(text).toContain(en[heading as keyof typeof en]);
    for (const heading of ["schedule.disbursements", "schedule.compensation", "schedule.distributions", "schedule.propertyAtEnd"])
      expect(text).toContain(en[heading as keyof typeof en]);
    expect(text).toContain("$323,275.44");
    expect(text).toContain("Hale & Ortiz LLP");
    expect(text).toContain(en["check.balanced"]);
    expect(text).not.toContain(en["schedule.liabilities"]);
  });

  it("prints the California notice for CA, the Florida and Texas ones for theirs, none without a jurisdiction", () => {
    const notices = (jurisdiction: "CA" | "FL" | "TX" | null) => accountingLayout({ ...report, jurisdiction }, options).filter((b) => b.kind === "notice");
    expect(notices("CA")).toEqual([{ kind: "notice", title: en["notice.CA.title"], text: en["notice.CA.text"] }]);
    expect(en["notice.CA.text"]).toContain("§17200");
    expect(en["notice.CA.text"]).toContain("three years");
    expect(notices("FL")[0]).toMatchObject({ text: expect.stringContaining("6-month statute of limitations") });
    expect(notices("TX")[0]).toMatchObject({ title: expect.stringContaining("§113.152") });
    expect(notices(null)).toEqual([]);
  });

  it("says when the account does not balance, and by how much", () => {
    const input = handExample();
    input.assets[0].end = { carryingMinor: 2_451_600, currentMinor: 2_451_600, valuedOn: "2025-12-31" };
    const text = layoutText(accountingLayout(computeAccounting(input), options));
    expect(text).toContain(t("check.unbalanced", { amount: "-$0.30" }));
  });
});

describe("accountingPdf", () => {
  it("loads back, draws the notice and replaces what Helvetica cannot write", async () => {
    const bytes = await accountingPdf(computeAccounting(handExample()), options);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe("Fiduciary accounting: The Hartwell Family Trust");
    const text = await pdfText(bytes);
    expect(text).toContain("Zoë Ångström");
    expect(text).toContain("?? ??"); // 山田 花子
    expect(text).toContain("court review of this account");
    expect(text).toContain("Page 1 of");
  });

  it("breaks 2,000 entries over many pages, the table's header on each", async () => {
    const bytes = await accountingPdf(computeAccounting(largeExample(2_000, 10)), options);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(20);
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: false });
    expect(text[10]).toContain("Description");
    expect(text.at(-1)).toContain(`Page ${pdf.getPageCount()} of ${pdf.getPageCount()}`);
  });

  it("writes in the fallback language when Helvetica cannot write the reader's", async () => {
    const ja = accountingT("ja");
    expect(pdfWritesLanguage(ja)).toBe(false);
    expect(pdfWritesLanguage(t)).toBe(true);
    const bytes = await accountingPdf(computeAccounting(handExample()), { t: ja, locale: "ja", generatedAt, fallback: { t, locale: "en-US" } });
    expect((await PDFDocument.load(bytes)).getTitle()).toBe("Fiduciary accounting: The Hartwell Family Trust");
  });

  it("Helvetica writes every English, German, Spanish and French text of the namespace; Japanese and Chinese fall back", () => {
    for (const lng of ["en", "de", "es", "fr"]) {
      const texts = Object.values(JSON.parse(readFileSync(join(locales, lng, "accounting.json"), "utf8")) as Record<string, string>);
      expect(texts.flatMap(unsupportedInPdf), lng).toEqual([]);
    }
    expect(pdfWritesLanguage(accountingT("ja"))).toBe(false);
  });

  it("pdfSafe keeps WinAnsi, drops accents it lacks, and never leaves a character pdf-lib would refuse", () => {
    expect(pdfSafe("Zoë Ångström")).toBe("Zoë Ångström");
    expect(pdfSafe("Łukasz Ōta 山田\tline\nbreak")).toBe("?ukasz Ota ?? line break");
    expect(pdfSafe("1\u202f234,56\u00a0€")).toBe("1\u00a0234,56\u00a0€");
  });

  it("computes and draws 50,000 entries and 100 assets (timing logged)", async () => {
    const input = largeExample(50_000, 100);
    const started = performance.now();
    const report = computeAccounting(input);
    const computed = performance.now();
    const bytes = await accountingPdf(report, options);
    const done = performance.now();
    const pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    console.log(
      `50,000 entries: compute ${(computed - started).toFixed(0)} ms, PDF ${(done - computed).toFixed(0)} ms (${pages} pages, ${(bytes.length / 1e6).toFixed(1)} MB)`,
    );
    expect(pages).toBeGreaterThan(500);
  }, 60_000);
});
