import { readFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocumentText } from "../extract.server";
import { analyzeOffline, OFFLINE_MAX_CHARS } from "./offline";
import { documentAnalysisSchema } from "./schema";
import { asPartyName, parseClauses, parseNumberWords, splitSentences } from "./text-structure";

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/documents/${name}`, import.meta.url), "utf8");

describe("offline analyzer on the Hartwell family trust", () => {
  const text = fixture("hartwell-family-trust.txt");
  const analysis = analyzeOffline(text, { title: "hartwell-family-trust" });
  const parties = (role: string) => analysis.parties.filter((party) => party.role === role);
  const provision = (pattern: RegExp) => analysis.keyProvisions.find((item) => pattern.test(`${item.title} ${item.text}`));
  const duty = (pattern: RegExp) => analysis.complianceRequirements.find((item) => pattern.test(item.duty));

  it("produces a valid analysis that names its engine", () => {
    expect(documentAnalysisSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.engine).toEqual({ id: "offline", model: null, version: expect.any(String) });
    expect(analysis.truncated).toBe(false);
  });

  it("detects the type, the instrument date and the governing law", () => {
    expect(analysis.documentType).toBe("trust");
    expect(analysis.instrumentDate).toBe("2019-03-14");
    expect(analysis.governingLaw).toBe("California");
    expect(provision(/governed by the laws of the State of California/)?.reference).toBe("Article Six, Section 6.3");
  });

  it("finds both settlors, the successor trustees in order and the beneficiaries with their shares", () => {
    expect(parties("settlor").map((p) => p.name)).toEqual(["Eleanor M. Hartwell", "Thomas J. Hartwell"]);
    expect(parties("successor_trustee").map((p) => [p.name, p.order])).toEqual([
      ["Margaret A. Hartwell-Chen", 1],
      ["First Pacific Trust Company", 2],
    ]);
    expect(parties("beneficiary").map((p) => [p.name, p.share])).toEqual([
      ["Margaret A. Hartwell-Chen", "40%"],
      ["Daniel R. Hartwell", "40%"],
      ["Sofia L. Chen", "20%"],
    ]);
    // Names of places, statutes and banks are not parties.
    expect(analysis.parties.map((p) => p.name).join("|")).not.toMatch(/Alameda|Probate|Bayview|Pacific Coast|Cedar Crest/);
  });

  it("quotes the key provisions word for word with their references", () => {
    const hems = provision(/health, education, maintenance and support/i);
    expect(hems?.reference).toBe("Article Four, Section 4.1");
    expect(provision(/^Spendthrift/)?.text).toContain("No beneficiary may anticipate, assign or encumber");
    expect(provision(/^No-Contest/)?.text).toContain("shall forfeit his or her interest");
    for (const item of analysis.keyProvisions) expect(text.replace(/\s+/g, " ")).toContain(item.text);
  });

  it("lists the trustee's duties with who, when and the statute", () => {
    expect(duty(/notification/)).toMatchObject({
      responsibleParty: "Trustee",
      due: "Within sixty (60) days after this trust, or any portion of it, becomes irrevocable",
      citation: "California Probate Code section 16061.7",
      reference: "Article Five, Section 5.3",
    });
    expect(duty(/^Account/)).toMatchObject({ due: "at least annually", citation: "California Probate Code section 16062" });
    const tax = duty(/Form 1041/);
    expect(tax?.duty).toMatch(/Form 1041 and California Form 541/);
    expect(tax?.duty).toMatch(/Schedule K-1 to each beneficiary/);
    expect(tax?.due).toBe("on or before April 15 of each year");
    // Appointments ("shall serve as") and passive clauses are not duties.
    expect(analysis.complianceRequirements.some((item) => /successor trustee|serve without/.test(item.duty))).toBe(false);
  });

  it("finds the important dates: the instrument, the distributions at 25 and 30 and the deadlines", () => {
    expect(analysis.importantDates[0]).toMatchObject({ date: "2019-03-14", description: expect.stringMatching(/Date of the instrument.*Signed.*notary/) });
    const ages = analysis.importantDates.filter((item) => /turns (25|30)/.test(item.description));
    expect(ages.map((item) => item.description)).toEqual([
      "Sofia L. Chen turns 25 — Distribution at Stated Ages",
      "Sofia L. Chen turns 30 — Distribution at Stated Ages",
    ]);
    expect(ages[0].sourceText).toMatch(/distributed to her outright/);
    expect(analysis.importantDates.some((item) => item.date === null && /^On or before April 15 of each year: file/.test(item.description))).toBe(true);
  });

  it("summarises the instrument in plain words", () => {
    expect(analysis.summary).toContain("dated March 14, 2019, governed by California law");
    expect(analysis.summary).toContain("Successor trustees, in order: Margaret A. Hartwell-Chen, then First Pacific Trust Company");
    expect(analysis.summary).toContain("Sofia L. Chen (20%)");
    expect(analysis.summary).toMatch(/spendthrift clause and a no-contest clause/);
    expect(analysis.summary).toMatch(/distributions at ages 25 and 30/);
  });
});

describe("offline analyzer on text read from a PDF", () => {
  it("finds the same structure when lines are wrapped and paragraphs are not separated", async () => {
    const text = fixture("hartwell-family-trust.txt");
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    let page = pdf.addPage([612, 792]);
    let y = 750;
    for (const paragraph of text.replace(/—/g, "-").split("\n")) {
      // Wrapped at about 90 characters, as a PDF lays text out; blank lines are not drawn.
      const lines = paragraph.match(/.{1,90}(\s|$)/g) ?? [];
      for (const line of lines) {
        if (y < 50) {
          page = pdf.addPage([612, 792]);
          y = 750;
        }
        page.drawText(line.trim(), { x: 50, y, size: 11, font });
        y -= 14;
      }
    }
    const extracted = (await extractDocumentText("pdf", new Uint8Array(await pdf.save())))!;
    expect(extracted).toContain("trustees.\n1.3 Successor"); // no blank line between clauses
    const analysis = analyzeOffline(extracted);
    expect(analysis).toMatchObject({ documentType: "trust", instrumentDate: "2019-03-14", governingLaw: "California" });
    expect(analysis.parties.filter((p) => p.role === "successor_trustee").map((p) => p.name)).toEqual([
      "Margaret A. Hartwell-Chen",
      "First Pacific Trust Company",
    ]);
    expect(analysis.keyProvisions.find((p) => p.title === "Spendthrift Clause")?.reference).toBe("Article Six, Section 6.1");
    expect(analysis.complianceRequirements.map((d) => d.citation)).toContain("California Probate Code section 16061.7");
  });
});

describe("offline analyzer on the Okafor power of attorney", () => {
  const analysis = analyzeOffline(fixture("okafor-durable-power-of-attorney.txt"));

  it("finds the principal, the agent, the successor agent, the gift limit, the accounting duty and Texas law", () => {
    expect(analysis.documentType).toBe("power_of_attorney");
    expect(analysis.instrumentDate).toBe("2022-06-02");
    expect(analysis.governingLaw).toBe("Texas");
    expect(analysis.parties.map((p) => [p.name, p.role, p.order])).toEqual([
      ["Grace N. Okafor", "principal", null],
      ["Chidi E. Okafor", "agent", null],
      ["Amara Okafor-Reyes", "successor_agent", 1],
    ]);
    expect(analysis.keyProvisions.find((p) => p.title === "Gifts")?.text).toContain("exceeding $5,000 per recipient per calendar year");
    expect(analysis.summary).toContain("a gift limit of $5,000 per recipient per calendar year");
    expect(analysis.complianceRequirements).toEqual([
      expect.objectContaining({
        responsibleParty: "Agent",
        due: "within thirty (30) days of a written request",
        citation: "Texas Estates Code section 751.104",
        reference: "Section 5",
      }),
    ]);
  });
});

describe("offline analyzer reads documents it has never seen", () => {
  it("reads a will: testator, executor, guardian, governing law and date", () => {
    const will = [
      "LAST WILL AND TESTAMENT OF ROSA M. DELGADO",
      "",
      "I, Rosa M. Delgado, of Maricopa County, Arizona, declare this to be my Last Will and Testament, made on 5 September 2021.",
      "",
      "1. Executor. I appoint Luis Delgado as my Executor. If he cannot serve, I appoint Carmen Ortiz as successor executor.",
      "",
      "2. Guardian. I nominate Carmen Ortiz as guardian of my minor children.",
      "",
      "3. Residue. I give one-half of my residuary estate to Luis Delgado and one-half to Elena Delgado.",
      "",
      "4. Duties. My Executor shall file an inventory with the court within ninety (90) days after appointment.",
      "",
      "5. Governing Law. This will is governed by the laws of Arizona.",
    ].join("\n");
    const analysis = analyzeOffline(will);
    expect(analysis.documentType).toBe("will");
    expect(analysis.instrumentDate).toBe("2021-09-05");
    expect(analysis.governingLaw).toBe("Arizona");
    const roles = analysis.parties.map((p) => `${p.role}:${p.name}${p.share ? `:${p.share}` : ""}`);
    expect(roles).toEqual(
      expect.arrayContaining([
        "testator:Rosa M. Delgado",
        "executor:Luis Delgado",
        "guardian:Carmen Ortiz",
        "beneficiary:Luis Delgado:one-half",
        "beneficiary:Elena Delgado:one-half",
      ]),
    );
    expect(analysis.complianceRequirements[0]).toMatchObject({ responsibleParty: "Executor", due: "within ninety (90) days after appointment" });
  });

  it("calls a health care directive by its name and its agent a health care agent", () => {
    const text =
      "ADVANCE HEALTH CARE DIRECTIVE\n\nI designate Priya Raman as my health care agent to make health care decisions for me.\n\nSigned on January 8, 2024.";
    const analysis = analyzeOffline(text);
    expect(analysis.documentType).toBe("healthcare_directive");
    expect(analysis.parties).toEqual([
      {
        name: "Priya Raman",
        role: "health_care_agent",
        order: null,
        share: null,
        sourceText: "I designate Priya Raman as my health care agent to make health care decisions for me.",
      },
    ]);
    expect(analysis.importantDates).toEqual([{ date: "2024-01-08", description: "Signed", sourceText: "Signed on January 8, 2024." }]);
  });

  it("follows successor chains however they are written, each holder with the sentence that names them", () => {
    const chain = (body: string, role = "successor_trustee") =>
      analyzeOffline(`THE TEST TRUST\n\n${body}`)
        .parties.filter((p) => p.role === role)
        .map((p) => [p.name, p.order]);
    expect(chain("7.2 Successor Trustee. Ruth K. Alvarez shall serve as successor Trustee, and after her, Samuel P. Alvarez.")).toEqual([
      ["Ruth K. Alvarez", 1],
      ["Samuel P. Alvarez", 2],
    ]);
    expect(chain("I appoint Nora Whitfield as successor trustee, failing whom Oliver Grant, failing whom Harbor Bank.")).toEqual([
      ["Nora Whitfield", 1],
      ["Oliver Grant", 2],
      ["Harbor Bank", 3],
    ]);
    expect(
      chain(
        "3. Successor Trustees. The following persons shall serve as successor Trustee in the following order: (1) Ada Byrne; (2) Colm Byrne; (3) Una Byrne.",
      ),
    ).toEqual([
      ["Ada Byrne", 1],
      ["Colm Byrne", 2],
      ["Una Byrne", 3],
    ]);
    expect(
      chain("4. Successor Trustees. If the Grantor ceases to serve, Helen Ward shall serve, and if Helen Ward also fails to serve, Isaac Ward shall serve."),
    ).toEqual([
      ["Helen Ward", 1],
      ["Isaac Ward", 2],
    ]);
    expect(chain("I appoint Luis Delgado as my Executor, failing whom Carmen Ortiz.", "successor_executor")).toEqual([["Carmen Ortiz", 1]]);
    const protector = analyzeOffline("THE TEST TRUST\n\n9. Protector. Imogen Fairley shall serve as Protector of this Settlement.").parties;
    expect(protector).toEqual([
      expect.objectContaining({ name: "Imogen Fairley", role: "trust_protector", sourceText: expect.stringContaining("Imogen Fairley") }),
    ]);
  });

  it("says what it cannot find instead of guessing, and marks very long texts as truncated", () => {
    const analysis = analyzeOffline("Grocery list: apples, bread, milk.");
    expect(analysis).toMatchObject({
      documentType: "other",
      governingLaw: null,
      instrumentDate: null,
      parties: [],
      keyProvisions: [],
      complianceRequirements: [],
    });
    expect(analyzeOffline("word ".repeat(OFFLINE_MAX_CHARS / 4)).truncated).toBe(true);
  });
});

describe("reading the text's shape", () => {
  it("splits sentences without breaking at initials or section numbers", () => {
    expect(splitSentences("Eleanor M. Hartwell signed it. See section 16061.7 of the Code. No. 5 applies.")).toEqual([
      "Eleanor M. Hartwell signed it.",
      "See section 16061.7 of the Code.",
      "No. 5 applies.",
    ]);
  });

  it("parses headings, numbered clauses and their titles", () => {
    const { heading, clauses } = parseClauses(
      "THE SMITH TRUST\n\nARTICLE TWO — POWERS\n\n2.1 Investment. The trustee may invest.\ncontinued line.\n\n2.2 the trustee may sell.",
    );
    expect(heading).toBe("The Smith Trust");
    expect(clauses).toEqual([
      { reference: "Article Two, Section 2.1", title: "Investment", body: "The trustee may invest. continued line.", part: "Article Two — Powers" },
      { reference: "Article Two, Section 2.2", title: null, body: "the trustee may sell.", part: "Article Two — Powers" },
    ]);
  });

  it("tells names from places and reads number words", () => {
    expect(asPartyName("If Chidi E. Okafor")).toBe("Chidi E. Okafor");
    expect(asPartyName("Alameda County")).toBeNull();
    expect(asPartyName("California Probate Code")).toBeNull();
    expect(parseNumberWords("twenty-five")).toBe(25);
    expect(parseNumberWords("thirty")).toBe(30);
    expect(parseNumberWords("blue")).toBeNull();
  });
});
