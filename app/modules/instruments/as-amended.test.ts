import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { consolidate } from "./as-amended";
import { editsFromAnalysis, readEdits } from "./edits";
import { articleNumber, parseTarget } from "./references";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/documents/${name}`, import.meta.url), "utf8");
const hartwell = { documentId: "trust", title: "Hartwell Family Trust", date: "2019-03-14", text: fixture("hartwell-family-trust.txt") };
const firstAmendment = { documentId: "amendment", title: "First Amendment", date: "2023-09-08", text: fixture("hartwell-trust-first-amendment.txt") };

const ROWAN = `THE ROWAN IRREVOCABLE TRUST AGREEMENT

This Trust Agreement is made on June 1, 2015, by Clara Rowan (the "Grantor") and Peter Lang (the "Trustee"). This trust is irrevocable.

ARTICLE I — NAME

1.1 Name. This trust shall be known as the Rowan Irrevocable Trust.

ARTICLE II — TRUSTEES

2.1 Trustee. Peter Lang shall serve as Trustee.

2.2 Successor Trustee. If Peter Lang ceases to serve, Mira Lang shall serve as successor Trustee.

ARTICLE III — BENEFICIARIES

3.1 Shares. The trust estate shall be held fifty percent (50%) for Jonah Rowan and fifty percent (50%) for Esme Rowan.

ARTICLE IV — ADMINISTRATION

4.1 Accounts. The Trustee shall render an account to each beneficiary annually.

4.2 Governing Law. This Agreement shall be governed by the laws of the State of New York.`;

const ROWAN_AMENDMENT = `FIRST AMENDMENT TO THE ROWAN IRREVOCABLE TRUST AGREEMENT

Dated March 3, 2024

The Grantor amends the Trust Agreement as follows:

FIRST: Article II of the Trust Agreement is amended to read:

ARTICLE II — TRUSTEES

2.1 Trustee. Peter Lang shall serve as Trustee.

2.2 Successor Trustee. Ruth K. Alvarez shall serve as successor Trustee, and after her, Samuel P. Alvarez.

SECOND: Section 4.1 is amended by striking "annually" and inserting "within ninety (90) days after the end of each calendar quarter".

THIRD: Section 3.1 is deleted and replaced with the following: The trust estate shall be held fifty percent (50%) for Jonah Rowan and twenty-five percent (25%) for Esme Rowan.

FOURTH: In all other respects the Trust Agreement is ratified and confirmed.

IN WITNESS WHEREOF the Grantor has signed this amendment.`;

describe("references in any numbering", () => {
  it("reads roman, ordinal, cardinal and decimal numbers", () => {
    expect(["II", "Second", "Two", "2", "twenty-one", "XIV"].map(articleNumber)).toEqual([2, 2, 2, 2, 21, 14]);
    expect(parseTarget("Paragraph (c) of Article Fourth")).toMatchObject({ article: 4, paragraph: "(c)", section: null });
    expect(parseTarget("Article Four, Section 4.02")).toMatchObject({ article: 4, section: "4.2" });
    expect(parseTarget("the Trust")).toBeNull();
  });
});

describe("an amendment read as edits", () => {
  it("reads the Hartwell amendment: three sections replaced, a new provision, the ratification", () => {
    const edits = readEdits(firstAmendment.text);
    expect(edits.map((edit) => [edit.kind, edit.target?.section ?? null])).toEqual([
      ["replace", "1.3"],
      ["replace", "1.4"],
      ["replace", "5.3"],
      ["new_provision", null],
      ["ratify", null],
    ]);
    expect(edits[0].text).toMatch(/^If both Settlors cease to serve, Daniel R\. Hartwell shall serve/);
    for (const edit of edits) expect(firstAmendment.text).toContain(edit.sourceText.slice(0, 60));
  });

  it("reads an article restated, words struck and inserted, and a section replaced", () => {
    const edits = readEdits(ROWAN_AMENDMENT);
    expect(edits.map((edit) => [edit.kind, edit.target?.article ?? edit.target?.section ?? null])).toEqual([
      ["replace", 2],
      ["strike_insert", "4.1"],
      ["replace", "3.1"],
      ["ratify", null],
    ]);
    expect(edits[1]).toMatchObject({ struck: "annually", text: "within ninety (90) days after the end of each calendar quarter" });
  });
});

describe("the trust as amended", () => {
  it("applies the Hartwell amendment: current terms cite the amendment and show what they replaced", () => {
    const view = consolidate(hartwell, [firstAmendment]);
    const term = (section: string) => view.terms.find((t) => t.section === section)!;
    expect(term("1.3")).toMatchObject({ status: "amended", source: { documentId: "amendment" }, reference: "Article One, Section 1.3" });
    expect(term("1.3").replaced).toEqual([
      expect.objectContaining({ documentId: "trust", body: expect.stringMatching(/Margaret A\. Hartwell-Chen shall serve/) }),
    ]);
    expect(term("4.2")).toMatchObject({ status: "original", source: { documentId: "trust" } });
    expect(view.terms.find((t) => t.status === "added")).toMatchObject({
      reference: "First Amendment, Section 4",
      body: expect.stringMatching(/^Within ninety \(90\) days/),
    });
    const successors = view.parties.filter((p) => p.role === "successor_trustee").map((p) => [p.name, p.order]);
    expect(successors).toEqual([
      ["Daniel R. Hartwell", 1],
      ["First Pacific Trust Company", 2],
    ]);
    expect(view.parties.filter((p) => p.role === "settlor").map((p) => p.name)).toEqual(["Eleanor M. Hartwell", "Thomas J. Hartwell"]);
    expect(view.duties.find((d) => /notification/.test(d.duty))?.due).toMatch(/^Within thirty \(30\) days/);
  });

  it("says what the Hartwell amendment changed, with the words before and after", () => {
    const { changes } = consolidate(hartwell, [firstAmendment]);
    expect(changes.map((c) => [c.kind, c.names[0] ?? null])).toEqual([
      ["successor_order_changed", "Daniel R. Hartwell"],
      ["beneficiary_dropped", "Sofia L. Chen"],
      ["duty_changed", null],
    ]);
    const dropped = changes[1];
    // Dropped from Section 1.4, yet Section 4.2 still gives her 20%: the change says so.
    expect(dropped).toMatchObject({ to: "20%", before: { documentId: "trust" }, after: { documentId: "amendment" } });
    expect(changes[2]).toMatchObject({ from: expect.stringMatching(/sixty/), to: expect.stringMatching(/thirty/) });
  });

  it("follows an article restated to read anew, a cadence struck and replaced, a share changed, on an irrevocable trust", () => {
    const view = consolidate({ documentId: "rowan", title: "Rowan Trust", date: "2015-06-01", text: ROWAN }, [
      { documentId: "rowan-1", title: "First Amendment", date: "2024-03-03", text: ROWAN_AMENDMENT },
    ]);
    expect(view.parties.filter((p) => p.role === "successor_trustee").map((p) => p.name)).toEqual(["Ruth K. Alvarez", "Samuel P. Alvarez"]);
    expect(view.duties.find((d) => /account/.test(d.duty))?.due).toBe("within ninety (90) days after the end of each calendar quarter");
    const kinds = view.changes.map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(["successor_order_changed", "duty_changed", "share_changed", "shares_not_total", "amendment_without_power"]));
    expect(view.changes.find((c) => c.kind === "share_changed")).toMatchObject({ names: ["Esme Rowan"], from: "50%", to: "25%" });
    expect(kinds).not.toContain("trustee_changed");
  });

  it("an irrevocable trust amended with every beneficiary's written consent is not flagged", () => {
    const consented = ROWAN_AMENDMENT.replace("The Grantor amends", "With the written consent of all the beneficiaries, the Grantor amends");
    const view = consolidate({ documentId: "rowan", title: "Rowan Trust", date: "2015-06-01", text: ROWAN }, [
      { documentId: "rowan-1", title: "First Amendment", date: "2024-03-03", text: consented },
    ]);
    expect(view.changes.map((c) => c.kind)).not.toContain("amendment_without_power");
  });
});

describe("the instrument's own name", () => {
  it("reads the name the terms give, in the case people write it", () => {
    expect(consolidate(hartwell, [firstAmendment]).name).toBe("The Hartwell Family Revocable Living Trust");
    expect(consolidate({ ...hartwell, text: 'FIRST: Name. This trust shall be known as the "Meredith A. Vance 2009 Irrevocable Trust."' }, []).name).toBe(
      "Meredith A. Vance 2009 Irrevocable Trust",
    );
    expect(consolidate({ ...hartwell, text: "1.1 Declaration. The Settlor declares a trust." }, []).name).toBeNull();
  });
});

describe("strike and insert within a named paragraph", () => {
  it("changes the words in the paragraph the amendment names, not the same words earlier in the article", () => {
    const will = {
      documentId: "will",
      title: "Will of Ada Quill",
      date: "2010-01-01",
      text: `LAST WILL OF ADA QUILL

ARTICLE THIRD: I dispose of my residuary estate as follows:

(a) I give ten percent (10%) of my residuary estate to my brother, Basil Quill.

(b) I give ten percent (10%) of my residuary estate to my sister, Clara Quill.

(c) I give eighty percent (80%) of my residuary estate to my friend, Dora Finch.`,
    };
    const codicil = {
      documentId: "codicil",
      title: "First Codicil",
      date: "2015-01-01",
      text: `FIRST CODICIL TO THE LAST WILL OF ADA QUILL

FIRST: Paragraph (b) of Article THIRD of my Will is amended by striking the words "ten percent (10%)" and inserting in their place the words "twenty percent (20%)".`,
    };
    const view = consolidate(will, [codicil], "will");
    const live = view.terms.filter((term) => term.status !== "deleted").map((term) => term.body);
    expect(live).toContain("(a) I give ten percent (10%) of my residuary estate to my brother, Basil Quill.");
    expect(live).toContain("(b) I give twenty percent (20%) of my residuary estate to my sister, Clara Quill.");
  });
});

describe("a model engine's edits", () => {
  it("are applied as given, their targets read by the same rules, when the amendment's wording is beyond the offline rules", () => {
    const loose = {
      ...firstAmendment,
      text: "FIRST AMENDMENT TO THE HARTWELL FAMILY REVOCABLE LIVING TRUST\n\nWe now want Daniel R. Hartwell to take over first if we both stop serving, with First Pacific Trust Company after him.",
    };
    expect(consolidate(hartwell, [loose]).changes).toEqual([]);
    const edits = editsFromAnalysis([
      {
        kind: "replace",
        target: "Section 1.3",
        text: "If both Settlors cease to serve, Daniel R. Hartwell shall serve as successor trustee. If he is unable or unwilling to serve, First Pacific Trust Company shall serve as successor trustee.",
        struck: null,
        sourceText: "We now want Daniel R. Hartwell to take over first if we both stop serving, with First Pacific Trust Company after him.",
      },
    ]);
    const view = consolidate(hartwell, [{ ...loose, edits }]);
    expect(view.changes.map((c) => [c.kind, c.to])).toEqual([["successor_order_changed", "Daniel R. Hartwell, First Pacific Trust Company"]]);
  });
});
