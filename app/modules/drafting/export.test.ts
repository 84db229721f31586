import { strFromU8, unzipSync } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { docxXmlToText } from "~/modules/documents/extract.server";
import { detectFileKind } from "~/modules/documents/file-types";
import { draftToDocx } from "./docx";
import { draftToPdf, pdfUnsupportedCharacters, wrapText } from "./pdf";
import { prefillValues, type DraftingFacts } from "./prefill";
import { WIN_ANSI } from "./winansi";
import { BLANK, draftFileName, draftToPlainText, renderDraft, TEMPLATE_IDS, TEMPLATES } from "./templates";

const facts: DraftingFacts = {
  trustName: "The Hartwell Family Revocable Living Trust",
  trustDate: "2019-03-14",
  settlors: ["Eleanor M. Hartwell", "Thomas J. Hartwell"],
  trustees: ["Eleanor Hartwell", "James Hartwell"],
  beneficiaries: ["Margaret A. Hartwell-Chen", "Daniel R. Hartwell", "Sofia L. Chen"],
  governingLaw: "California",
  trusteePowers: null,
  revocable: true,
  userName: "Eleanor Hartwell",
  userIsTrustee: true,
  people: [],
};

const NOW = new Date("2026-05-04T12:00:00Z");

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return (text as string).replace(/\s+/g, " ");
}

describe("drafting templates", () => {
  it("pre-fill every template from the facts and leave no blank in the certification but the address", () => {
    const values = prefillValues("certification", facts, NOW);
    expect(values).toMatchObject({
      trustName: facts.trustName,
      trustDate: "2019-03-14",
      settlors: facts.settlors,
      trustees: facts.trustees,
      governingLaw: "California",
      revocability: "revocable",
      signingDate: "2026-05-04",
    });
    const text = draftToPlainText(renderDraft("certification", values));
    expect(text).toContain("The trust exists and was executed on March 14, 2019. The name of the trust is The Hartwell Family Revocable Living Trust.");
    expect(text).toContain("The settlors of the trust: Eleanor M. Hartwell and Thomas J. Hartwell.");
    expect(text).toContain("The power to revoke the trust is held by: Eleanor M. Hartwell and Thomas J. Hartwell.");
    expect(text).toContain("Eleanor Hartwell and James Hartwell, Trustees of The Hartwell Family Revocable Living Trust dated March 14, 2019.");
    // The address is the one fact nobody knows yet: the preview shows where it goes.
    expect(text).toContain(`whose address is: ${BLANK}.`);
    expect(text.replace(/_{30}/g, "").split(BLANK).length - 1).toBe(1);
  });

  it("the notice carries California's contest warning and every beneficiary; the receipt formats money from integer minor units", () => {
    const notice = draftToPlainText(
      renderDraft("notice", { ...prefillValues("notice", facts, NOW), irrevocableDate: "2026-04-01", irrevocableEvent: "the death of Thomas J. Hartwell" }),
    );
    expect(notice).toContain("To: Margaret A. Hartwell-Chen, Daniel R. Hartwell and Sofia L. Chen");
    expect(notice).toContain("On April 1, 2026 the Trust became irrevocable because of the death of Thomas J. Hartwell.");
    expect(notice).toContain("more than 120 days");
    expect(notice).toContain("right to request a copy of the trust instrument");

    const receipt = draftToPlainText(renderDraft("receipt", { ...prefillValues("receipt", facts, NOW), amount: "15,000.5", distributionKind: "final" }));
    expect(receipt).toContain("a final distribution of $15,000.50 (US dollars).");
    expect(receipt).toContain("I, Margaret A. Hartwell-Chen, a beneficiary");
    expect(receipt).toContain("Receipt, Release and Discharge on Final Distribution");
  });

  it("minutes list attendees and the default agenda; acceptance names the new trustee", () => {
    const minutes = draftToPlainText(renderDraft("minutes", { ...prefillValues("minutes", facts, NOW), location: "Video meeting" }));
    expect(minutes).toContain("• Sofia L. Chen");
    expect(minutes).toContain("1. Call to order and attendance");
    expect(minutes).toContain("No decisions were taken.");
    const acceptance = draftToPlainText(renderDraft("acceptance", prefillValues("acceptance", facts, NOW)));
    expect(acceptance).toContain(
      "I, Eleanor Hartwell, accept my appointment as successor trustee of The Hartwell Family Revocable Living Trust dated March 14, 2019",
    );
  });

  it("file names carry the instrument and the trust, without path characters", () => {
    expect(draftFileName("certification", { trustName: 'A/B "Trust"' }, "docx")).toBe("Certification of Trust - A B Trust.docx");
    expect(draftFileName("minutes", {}, "pdf")).toBe("Minutes of a Beneficiary Meeting.pdf");
  });
});

describe("drafting exports", () => {
  for (const id of TEMPLATE_IDS) {
    it(`${id}: a DOCX Word and the documents pipeline can read, holding the pre-filled names`, () => {
      const draft = renderDraft(id, { ...prefillValues(id, facts, NOW), trusteeAddress: "12 Cedar Crest Road\nOakland, CA 94611" });
      const bytes = draftToDocx(draft, { author: "Eleanor Hartwell", now: NOW });
      expect(detectFileKind(bytes.subarray(0, 4096), "draft.docx")).toBe("docx");
      const files = unzipSync(bytes);
      expect(Object.keys(files).sort()).toEqual(
        [
          "[Content_Types].xml",
          "_rels/.rels",
          "docProps/app.xml",
          "docProps/core.xml",
          "word/_rels/document.xml.rels",
          "word/document.xml",
          "word/styles.xml",
        ].sort(),
      );
      const xml = strFromU8(files["word/document.xml"]);
      expect(xml).toContain("The Hartwell Family Revocable Living Trust");
      const text = docxXmlToText(xml);
      expect(text).toContain(TEMPLATES[id].documentTitle.split(" ")[0]);
      for (const name of id === "acceptance"
        ? ["Eleanor Hartwell", "Eleanor M. Hartwell"]
        : id === "minutes"
          ? ["James Hartwell", "Sofia L. Chen"]
          : ["Eleanor Hartwell"])
        expect(text).toContain(name);
      expect(strFromU8(files["docProps/core.xml"])).toContain("<dc:creator>Eleanor Hartwell</dc:creator>");
    });
  }

  it("escapes markup and keeps line breaks in a DOCX", () => {
    const bytes = draftToDocx({ title: "T", blocks: [{ kind: "paragraph", text: 'A <b>&</b> "q"\nsecond line\u0001' }] });
    const xml = strFromU8(unzipSync(bytes)["word/document.xml"]);
    expect(xml).toContain("A &lt;b&gt;&amp;&lt;/b&gt; &quot;q&quot;");
    expect(docxXmlToText(xml)).toBe('A <b>&</b> "q"\nsecond line');
  });

  it("a PDF with the names as extractable text, over several pages when long", async () => {
    const values = {
      ...prefillValues("minutes", facts, NOW),
      location: "Cedar Crest",
      discussion: Array.from({ length: 80 }, (_, i) => `Item ${i + 1} was discussed at length.`).join("\n"),
    };
    const bytes = await draftToPdf(renderDraft("minutes", values), { author: "Eleanor Hartwell", now: NOW });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getTitle()).toBe("Minutes of a Beneficiary Meeting");
    const text = await pdfText(bytes);
    expect(text).toContain("Sofia L. Chen");
    expect(text).toContain("Eleanor Hartwell");
    expect(text).toContain("Item 80 was discussed");
  });

  it("the browser's list of PDF characters is pdf-lib's own (WinAnsi)", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.TimesRoman);
    expect([...WIN_ANSI].sort((a, b) => a - b)).toEqual(font.getCharacterSet().sort((a, b) => a - b));
  });

  it("characters the standard PDF fonts lack lose their accent or become '?', and are reported", async () => {
    expect(pdfUnsupportedCharacters("Zoë Łukasz Ōta 山田")).toEqual(["Ł", "Ō", "山", "田"]);
    const bytes = await draftToPdf({ title: "T", blocks: [{ kind: "paragraph", text: "Zoë Łukasz Ōta 山田" }] });
    expect(await pdfText(bytes)).toContain("Zoë ?ukasz Ota ??");
  });
});

describe("line wrapping in a PDF", () => {
  it("cuts a 6,000-character word into full lines quickly (linear, not quadratic)", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.TimesRoman);
    const word = "abcdefghij".repeat(600);
    const started = performance.now();
    const lines = wrapText(`Before ${word} after`, font, 12, 468);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(500);
    expect(lines.join("").replace(/ /g, "")).toBe(`Before${word}after`);
    expect(lines[0]).toBe("Before");
    for (const line of lines) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(468);
    // Every cut line is full: one more character would not fit.
    for (let i = 1; i < lines.length - 1; i++) expect(font.widthOfTextAtSize(lines[i] + lines[i + 1][0], 12)).toBeGreaterThan(468);
    expect(lines.at(-1)!.endsWith(" after")).toBe(true);
  });

  it("keeps ordinary wrapping: words stay whole and lines stay within the width", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.TimesRoman);
    const lines = wrapText("The trustee shall deliver an annual account to each beneficiary.\nSecond paragraph.", font, 12, 150);
    expect(lines.join(" ").split(/\s+/)).toEqual("The trustee shall deliver an annual account to each beneficiary. Second paragraph.".split(" "));
    for (const line of lines) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(150);
    expect(lines.at(-1)).toBe("Second paragraph.");
  });
});
