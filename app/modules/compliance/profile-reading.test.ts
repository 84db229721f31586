import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Party } from "~/modules/documents/analysis/schema";
import { consolidate } from "~/modules/instruments/as-amended";
import { emptyProfile, type InstrumentReading, jurisdictionCodes, readProfile, trustTypeOf } from "./profile-reading";

// The same path as readTrustDocuments: the analysed trust and its amendment consolidated, then read.
const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/documents/${name}`, import.meta.url), "utf8");
const trust = { documentId: "doc-trust", title: "Hartwell Family Trust", date: "2019-03-14", text: fixture("hartwell-family-trust.txt") };
const amendment = { documentId: "doc-amend-1", title: "First Amendment", date: "2023-09-08", text: fixture("hartwell-trust-first-amendment.txt") };
const read = (amendments: (typeof amendment)[] = []) => readProfile({ ...consolidate(trust, amendments), type: "trust" });

const SETTLORS_PASSAGE =
  'Eleanor M. Hartwell and Thomas J. Hartwell, residents of Alameda County, California (together the "Settlors"), hereby declare that they hold in trust the property described in Schedule A, together with any property later added, under the terms of this instrument.';
const GOVERNING_PASSAGE = "This trust shall be governed by the laws of the State of California.";
const SOFIA_CONDITION =
  "Sofia L. Chen's share shall be held in a separate trust until she attains the age of twenty-five (25) years, at which time one half shall be distributed to her outright, with the balance distributed when she attains the age of thirty (30) years.";
const fromTrust = (passage: string | null) => ({ documentId: "doc-trust", documentTitle: "Hartwell Family Trust", passage });
const fromAmendment = (passage: string) => ({ documentId: "doc-amend-1", documentTitle: "First Amendment", passage });

/** A hand-made reading for the cases the fixtures do not have. */
function reading(overrides: Partial<InstrumentReading> = {}): InstrumentReading {
  return {
    instrument: { documentId: "doc-x", title: "Untitled instrument", date: null },
    name: null,
    parties: [],
    governingLaw: null,
    terms: [],
    type: "trust",
    ...overrides,
  };
}
const party = (name: string, role: Party["role"], extra: Partial<Party> = {}): Party => ({ name, role, order: null, share: null, sourceText: null, ...extra });
const term = (body: string, documentId = "doc-x", status = "original") => ({ body, status, source: { documentId, title: documentId } });

describe("the Hartwell trust as signed", () => {
  const { values, sources } = read();

  it("reads every field with exact values", () => {
    expect(values).toEqual({
      name: "The Hartwell Family Revocable Living Trust",
      type: "revocable",
      date: "2019-03-14",
      settlors: [{ name: "Eleanor M. Hartwell" }, { name: "Thomas J. Hartwell" }],
      trustees: [{ name: "Eleanor M. Hartwell" }, { name: "Thomas J. Hartwell" }],
      successorTrustees: [
        { name: "Margaret A. Hartwell-Chen", order: 1 },
        { name: "First Pacific Trust Company", order: 2 },
      ],
      beneficiaries: [
        { name: "Margaret A. Hartwell-Chen", share: "40%", conditions: null },
        { name: "Daniel R. Hartwell", share: "40%", conditions: null },
        { name: "Sofia L. Chen", share: "20%", conditions: expect.stringContaining("until she attains the age of twenty-five (25) years") },
      ],
      governingLaw: "California",
      jurisdictions: ["CA"],
      // No instrument says whether the estate must file Form 706: only a person answers it.
      estateTaxReturnRequired: null,
    });
  });

  it("gives each field the document and the words it was read from", () => {
    expect(sources.settlors).toEqual(fromTrust(SETTLORS_PASSAGE));
    expect(sources.trustees).toEqual(fromTrust("The Settlors shall serve as the initial co-trustees."));
    expect(sources.successorTrustees).toEqual(fromTrust("If both Settlors cease to serve, Margaret A. Hartwell-Chen shall serve as successor trustee."));
    expect(sources.beneficiaries).toEqual(
      fromTrust(
        "Upon the death of the surviving Settlor, the beneficiaries are the Settlors' children, Margaret A. Hartwell-Chen and Daniel R. Hartwell, and the Settlors' grandchild, Sofia L. Chen.",
      ),
    );
    expect(sources.governingLaw).toEqual(fromTrust(GOVERNING_PASSAGE));
    expect(sources.jurisdictions).toEqual(fromTrust(GOVERNING_PASSAGE));
    // The name is the declaration's sentence that gives it (Section 1.1); the date and type from the instrument itself.
    expect(sources.name).toMatchObject({ documentId: "doc-trust", passage: "The trust shall be known as THE HARTWELL FAMILY REVOCABLE LIVING TRUST." });
    expect(sources.date).toEqual(fromTrust(null));
    expect(sources.type).toEqual(fromTrust(null));
  });

  // The name's passage was once the first 300 characters of Section 1.1, which stop at "THE HART" before the words
  // "known as THE HARTWELL FAMILY REVOCABLE LIVING TRUST"; it is the sentence that gives the name.
  it("quotes the words that name the trust", () => {
    expect(sources.name?.passage).toContain("known as THE HARTWELL FAMILY REVOCABLE LIVING TRUST");
  });

  // The condition's sentence was once cut at the initial's period ("Sofia L."), leaving "Chen's share …".
  it("keeps a beneficiary's condition as the whole sentence", () => {
    expect(values.beneficiaries.find((b) => b.name === "Sofia L. Chen")?.conditions).toBe(SOFIA_CONDITION);
  });
});

describe("the Hartwell trust as amended", () => {
  const original = read();
  const { values, sources } = read([amendment]);

  it("takes the amendment's successor trustee in place of the original's, in order, citing the amendment", () => {
    expect(values.successorTrustees).toEqual([
      { name: "Daniel R. Hartwell", order: 1 },
      { name: "First Pacific Trust Company", order: 2 },
    ]);
    expect(sources.successorTrustees).toEqual(fromAmendment("If both Settlors cease to serve, Daniel R. Hartwell shall serve as successor trustee."));
    expect(JSON.stringify(values)).not.toContain('"name":"Margaret A. Hartwell-Chen","order"');
  });

  it("cites the amendment for the beneficiaries it restated, and keeps the shares the unamended Section 4.2 gives", () => {
    expect(sources.beneficiaries).toEqual(
      fromAmendment("Upon the death of the surviving Settlor, the beneficiaries are the Settlors' children, Margaret A. Hartwell-Chen and Daniel R. Hartwell."),
    );
    expect(values.beneficiaries.map((b) => [b.name, b.share])).toEqual([
      ["Margaret A. Hartwell-Chen", "40%"],
      ["Daniel R. Hartwell", "40%"],
      ["Sofia L. Chen", "20%"],
    ]);
  });

  it("leaves what the amendment did not touch as the original reads it, with the original as its source", () => {
    for (const field of ["name", "type", "date", "settlors", "trustees", "governingLaw", "jurisdictions"] as const) {
      expect(values[field]).toEqual(original.values[field]);
      expect(sources[field]).toEqual(original.sources[field]);
    }
  });

  it("reads the same whatever order the amendments are given in (they are applied by date)", () => {
    const second = {
      documentId: "doc-amend-2",
      title: "Second Amendment",
      date: "2024-05-01",
      text: "SECOND AMENDMENT TO THE HARTWELL FAMILY REVOCABLE LIVING TRUST\n\n1. Successor Trustees. Section 1.3 of the Trust is deleted and replaced with the following: If both Settlors cease to serve, First Pacific Trust Company shall serve as successor trustee.",
    };
    const later = read([second, amendment]);
    expect(later.values.successorTrustees).toEqual([{ name: "First Pacific Trust Company", order: 1 }]);
    expect(later.sources.successorTrustees).toMatchObject({ documentId: "doc-amend-2", documentTitle: "Second Amendment" });
    expect(read([amendment, second]).values).toEqual(later.values);
  });
});

describe("what the documents do not say", () => {
  it("stays empty: nothing is guessed", () => {
    const { values } = readProfile(reading({ instrument: { documentId: "doc-x", title: "Papers of the Okafor family", date: null } }));
    expect(values).toEqual({
      // The document's title stands in for a name the terms do not give.
      name: "Papers of the Okafor family",
      type: null,
      date: null,
      settlors: [],
      trustees: [],
      successorTrustees: [],
      beneficiaries: [],
      governingLaw: null,
      jurisdictions: [],
      estateTaxReturnRequired: null,
    });
    expect(emptyProfile()).toEqual({ ...values, name: null });
  });

  it("leaves a share and a condition empty when the instrument states none", () => {
    const { values } = readProfile(
      reading({ parties: [party("Jonah Rowan", "beneficiary")], terms: [term("The trustee shall hold the trust estate for Jonah Rowan.")] }),
    );
    expect(values.beneficiaries).toEqual([{ name: "Jonah Rowan", share: null, conditions: null }]);
  });

  // conditionFor once took the first age condition anywhere after the first name in the clause, so the beneficiary
  // named first was given the next person's condition; a condition must now name its person.
  it("does not give one beneficiary another's condition", () => {
    const { values } = readProfile(
      reading({
        parties: [party("Margaret A. Hartwell-Chen", "beneficiary", { share: "50%" }), party("Sofia L. Chen", "beneficiary", { share: "50%" })],
        terms: [
          term(
            "Margaret A. Hartwell-Chen's share shall be distributed to her outright. The share of Sofia L. Chen shall be held in trust until she attains the age of twenty-five (25) years.",
          ),
        ],
      }),
    );
    expect(values.beneficiaries[0]).toEqual({ name: "Margaret A. Hartwell-Chen", share: "50%", conditions: null });
  });

  it("points a list at the instrument, without a passage, when no party names its words", () => {
    const { sources } = readProfile(reading({ parties: [party("Clara Rowan", "settlor")] }));
    expect(sources.settlors).toEqual({ documentId: "doc-x", documentTitle: "Untitled instrument", passage: null });
  });

  // ProfileFieldView.source is "null when nothing did [state it]": readProfile once gave every field the instrument as
  // its source, so the page showed a source under an empty governing law.
  it("gives no source for a field no document states", () => {
    const { sources } = readProfile(reading());
    expect(sources.governingLaw ?? null).toBeNull();
    expect(sources.settlors ?? null).toBeNull();
  });

  it("does not read words an amendment deleted", () => {
    const { values, sources } = readProfile(
      reading({
        name: "The Rowan Trust",
        governingLaw: "New York",
        terms: [
          term("This trust is irrevocable.", "doc-x", "deleted"),
          term("This trust shall be known as the Rowan Trust.", "doc-x", "deleted"),
          term("This Agreement shall be governed by the laws of the State of New York.", "doc-amend", "amended"),
        ],
      }),
    );
    expect(values.type).toBeNull();
    expect(sources.name).toEqual({ documentId: "doc-x", documentTitle: "Untitled instrument", passage: null });
    expect(sources.governingLaw).toEqual({
      documentId: "doc-amend",
      documentTitle: "doc-amend",
      passage: "This Agreement shall be governed by the laws of the State of New York.",
    });
    expect(values.jurisdictions).toEqual(["NY"]);
  });
});

describe("odd input", () => {
  it("never throws", () => {
    const odd = [
      reading({ instrument: { documentId: "", title: "", date: "not a date" } }),
      reading({ terms: [term(""), term("   ")], parties: [party("", "beneficiary"), party("(.*)+[", "beneficiary", { share: "??" })] }),
      reading({ name: "X", governingLaw: "", parties: [party("Ada", "successor_trustee", { order: 3 }), party("Bo", "successor_trustee")] }),
      reading({ type: "will", parties: [party("Ada", "settlor")] }),
    ];
    for (const r of odd) expect(() => readProfile(r)).not.toThrow();
    expect(readProfile(odd[0]!).values.date).toBe("not a date");
  });
});

describe("successors and wills", () => {
  it("orders successors by their place in line, those without one last", () => {
    const { values } = readProfile(
      reading({
        parties: [
          party("Third Bank", "successor_trustee"),
          party("Samuel P. Alvarez", "successor_trustee", { order: 2 }),
          party("Ruth K. Alvarez", "successor_trustee", { order: 1 }),
        ],
      }),
    );
    expect(values.successorTrustees).toEqual([
      { name: "Ruth K. Alvarez", order: 1 },
      { name: "Samuel P. Alvarez", order: 2 },
      { name: "Third Bank", order: null },
    ]);
  });

  it("reads a will's testator, executors and alternates into the same fields", () => {
    const { values, sources } = readProfile(
      reading({
        type: "will",
        instrument: { documentId: "will", title: "Last Will of Ada Quill", date: "2010-01-01" },
        parties: [
          party("Ada Quill", "testator", { sourceText: "I, Ada Quill, declare this to be my will." }),
          party("Basil Quill", "executor"),
          party("Dora Finch", "successor_executor", { order: 1 }),
          party("Clara Quill", "settlor"),
        ],
        terms: [term("I, Ada Quill, declare this to be my will.", "will")],
      }),
    );
    expect(values.type).toBe("testamentary");
    expect(values.settlors).toEqual([{ name: "Ada Quill" }]);
    expect(values.trustees).toEqual([{ name: "Basil Quill" }]);
    expect(values.successorTrustees).toEqual([{ name: "Dora Finch", order: 1 }]);
    expect(sources.settlors).toEqual({ documentId: "will", documentTitle: "will", passage: "I, Ada Quill, declare this to be my will." });
  });
});

describe("the kind of trust", () => {
  it("reads it from the name first, then the clauses", () => {
    expect(trustTypeOf("The Hartwell Family Revocable Living Trust", ["This trust is irrevocable."], "trust")).toBe("revocable");
    expect(trustTypeOf("Rowan Irrevocable Trust", [], "trust")).toBe("irrevocable");
    expect(trustTypeOf("Okafor Supplemental Needs Trust", [], "trust")).toBe("special_needs");
    expect(trustTypeOf("Vance Trust", ["This is a charitable remainder unitrust trust."], "trust")).toBe("charitable");
    expect(trustTypeOf("Vance Trust", ["The Settlor reserves the right to amend or revoke this trust."], "trust")).toBe("revocable");
    expect(trustTypeOf("Vance Trust", ["This trust shall be irrevocable."], "trust")).toBe("irrevocable");
    expect(trustTypeOf("Vance Trust", ["The trustee shall keep accounts."], "trust")).toBeNull();
    expect(trustTypeOf(null, [], "trust")).toBeNull();
    expect(trustTypeOf(null, [], "will")).toBe("testamentary");
  });
});

describe("jurisdiction codes", () => {
  it("finds the rule packs a governing-law text names, and nothing when it names none", () => {
    expect(jurisdictionCodes("the laws of the State of California")).toEqual(["CA"]);
    expect(jurisdictionCodes("England and Wales")).toEqual(["GB-EWS"]);
    expect(jurisdictionCodes("New York and Florida")).toEqual(["FL", "NY"]);
    expect(jurisdictionCodes("US-TX")).toEqual(["TX"]);
    expect(jurisdictionCodes("California, USA")).toEqual(["CA"]);
    expect(jurisdictionCodes("Ontario")).toEqual([]);
    expect(jurisdictionCodes("")).toEqual([]);
    expect(jurisdictionCodes(null)).toEqual([]);
  });
});
