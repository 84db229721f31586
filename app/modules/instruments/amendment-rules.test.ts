import { describe, expect, it } from "vitest";
import { consolidate } from "./as-amended";
import type { InstrumentText } from "./consolidate";
import { readEdits } from "./edits";
import { parseTarget } from "./references";

const doc = (documentId: string, date: string, text: string): InstrumentText => ({ documentId, title: documentId, date, text });
const kinds = (view: ReturnType<typeof consolidate>) => view.changes.map((c) => [c.kind, c.names[0] ?? null]);

const ORCHARD = `THE ORCHARD FAMILY TRUST AGREEMENT

This Trust Agreement is made on April 2, 2010, by Nora Orchard, as grantor, and Nora Orchard, as trustee.

ARTICLE 1
TRUSTEES

Section 1.01 Initial Trustee. Nora Orchard shall serve as the initial Trustee.

Section 1.02 Successor Trustees. If the Grantor dies or resigns, Felix Orchard shall serve as successor Trustee, and after him, Iris Orchard Lee.

ARTICLE 2
ADMINISTRATION

(a) Accounts. The Trustee shall send each beneficiary a written account every six (6) months.

(b) Records. The Trustee shall keep full records of all receipts.`;

describe("targets in any numbering", () => {
  it("reads a lettered paragraph written after its article or by letter", () => {
    expect(parseTarget("Article 6(b)")).toMatchObject({ article: 6, paragraph: "(b)" });
    expect(parseTarget("Paragraph C of Article IV")).toMatchObject({ article: 4, paragraph: "(c)" });
  });
});

describe("edits applied to the terms they name", () => {
  it("restates an article 'in its entirety as follows' even when its heading sits on two lines", () => {
    const amendment = `FIRST AMENDMENT TO THE ORCHARD FAMILY TRUST

1. Article 1 of the Trust Agreement is amended to read in its entirety as follows:

"ARTICLE 1
TRUSTEES

Section 1.01 Initial Trustee. Nora Orchard shall serve as the initial Trustee.

Section 1.02 Successor Trustees. If the Grantor dies or resigns, the following shall serve as successor Trustee, one at a time, in the following order: (1) Iris Orchard Lee; (2) Felix Orchard."

2. In all other respects the Trust Agreement is ratified.

SIGNED on May 1, 2020.`;
    const view = consolidate(doc("trust", "2010-04-02", ORCHARD), [doc("first", "2020-05-01", amendment)]);
    expect(view.amendments[0].edits.map((e) => [e.kind, e.applied])).toEqual([
      ["replace", true],
      ["ratify", true],
    ]);
    expect(view.terms.some((t) => /in its entirety/.test(t.body))).toBe(false);
    expect(kinds(view)).toEqual([["successor_order_changed", "Iris Orchard Lee"]]);
  });

  it("replaces one lettered paragraph, and finds a cadence changed to a deadline", () => {
    const amendment = `AMENDMENT

1. Article 2(a) of the Trust is amended to read: "The Trustee shall send each beneficiary a written account within thirty (30) days after the end of each calendar quarter."

Signed on May 1, 2020.`;
    const view = consolidate(doc("trust", "2010-04-02", ORCHARD), [doc("first", "2020-05-01", amendment)]);
    expect(view.terms.find((t) => t.status === "amended")?.body).toMatch(/^\(a\) The Trustee shall send each beneficiary a written account within thirty/);
    expect(view.duties.map((d) => d.due)).toEqual(["within thirty (30) days after the end of each calendar quarter", null]);
    expect(view.changes.map((c) => [c.kind, c.from, c.to])).toEqual([
      ["duty_changed", "every six (6) months", "within thirty (30) days after the end of each calendar quarter"],
    ]);
  });

  it("rewrites only the sentences an amendment names: by position, or by what they are about", () => {
    const will = `LAST WILL AND TESTAMENT OF HUGO BRAND
ARTICLE FIRST: My Executor shall pay my debts.
ARTICLE SECOND: I appoint my wife, Greta Brand, as Executor. If she fails to act, I appoint my son, Otto Brand, as Executor in her place. No bond shall be required.
ARTICLE THIRD: My Executor may sell property. My Executor shall send my son an account every year. My Executor must keep my funds separate from his own.`;
    const codicil = `FIRST CODICIL TO THE WILL OF HUGO BRAND

FIRST: The first two sentences of Article SECOND of my Will are deleted and the following is substituted: "I appoint my son, Otto Brand, as Executor. If he fails to act, I appoint my friend, Carl Weiss, as Executor in his place."

SECOND: The direction in Article THIRD of my Will concerning accounts is amended to read: "My Executor shall send my son an account every three months."

IN WITNESS WHEREOF I sign this codicil.`;
    expect(readEdits(codicil).map((e) => [e.kind, e.part, e.target?.article])).toEqual([
      ["replace", "first two sentences", 2],
      ["replace", "direction", 3],
    ]);
    const view = consolidate(doc("will", "2001-01-01", will), [doc("codicil", "2005-01-01", codicil)], "will");
    const article = (n: number) => view.terms.find((t) => t.article === n && t.status !== "deleted")!.body;
    expect(article(2)).toBe(
      "I appoint my son, Otto Brand, as Executor. If he fails to act, I appoint my friend, Carl Weiss, as Executor in his place. No bond shall be required.",
    );
    expect(article(3)).toBe(
      "My Executor may sell property. My Executor shall send my son an account every three months. My Executor must keep my funds separate from his own.",
    );
    expect(view.changes.map((c) => c.kind)).toContain("duty_changed");
  });

  it("keeps a paragraph's label when its first sentence is rewritten, and reads a successor named 'in his place' as a successor", () => {
    const trust = `THE BIRCH TRUST

ARTICLE III. TRUSTEES

A. Alder Bank and Tomas Birch shall serve as co-trustees.

B. If Tomas Birch fails or ceases to serve, Vera Holm shall serve as co-trustee in his place. The Trustee shall notify each beneficiary of any change of trustee.`;
    const agreement = `AMENDMENT TO THE BIRCH TRUST

1. The first sentence of Paragraph B of Article III of the Trust is amended to read: "If Tomas Birch fails or ceases to serve, Lena Birch shall serve as co-trustee in his place, and if she fails or ceases to serve, Vera Holm shall serve as co-trustee."

SIGNED on June 1, 2022.`;
    const view = consolidate(doc("trust", "2012-01-01", trust), [doc("amendment", "2022-06-01", agreement)]);
    expect(view.terms.find((t) => t.status === "amended")?.body).toMatch(/^B\. If Tomas Birch fails .* The Trustee shall notify each beneficiary/);
    expect(view.changes.map((c) => c.kind)).not.toContain("trustee_changed");
  });
});

describe("successor chains of every office", () => {
  it("finds an executor's successor changed by a codicil", () => {
    const will = `LAST WILL AND TESTAMENT OF HUGO BRAND

1. Executor. I appoint my wife, Greta Brand, as Executor. If she cannot serve, I appoint Otto Brand as successor executor.

2. Duties. My Executor shall pay my debts.`;
    const codicil = `FIRST CODICIL

FIRST: Section 1 of my Will is amended to read: "I appoint my wife, Greta Brand, as Executor. If she cannot serve, I appoint Carl Weiss as successor executor."

IN WITNESS WHEREOF I sign this codicil.`;
    const view = consolidate(doc("will", "2001-01-01", will), [doc("codicil", "2005-01-01", codicil)], "will");
    expect(kinds(view)).toEqual([["successor_order_changed", "Carl Weiss"]]);
  });
});

describe("the power to make the change", () => {
  const SETTLEMENT = `THE HOLLY SETTLEMENT

1. TRUSTEES

1.1 The Trustees shall hold the Trust Fund for the Beneficiaries.

4. VARIATION

4.1 The Trustees may, with the consent of the Protector, by deed vary the administrative provisions of this Settlement.

5. ACCOUNTS

5.1 The Trustees shall prepare accounts every year.

9. IRREVOCABILITY

9.1 This Settlement is irrevocable.`;

  it("accepts a deed made under a power the settlement itself confers", () => {
    const deed = `DEED OF VARIATION

1. In exercise of the power conferred by clause 4.1 of the Settlement, the Trustees vary the Settlement by deleting clause 5.1 and substituting the following: "5.1 The Trustees shall prepare accounts every six months."

IN WITNESS whereof this Deed has been executed.`;
    const view = consolidate(doc("settlement", "2008-01-01", SETTLEMENT), [doc("deed", "2020-01-01", deed)]);
    expect(view.changes.map((c) => c.kind)).not.toContain("amendment_without_power");
  });

  it("flags an amendment that cites a clause which takes the power away", () => {
    const waived = SETTLEMENT.replace(
      "9.1 This Settlement is irrevocable.",
      "9.1 This Settlement is irrevocable. The Settlor waives every power to alter or amend it.",
    );
    const amendment = `AMENDMENT

1. Under clause 9.1 of the Settlement, the Settlor amends the Settlement: clause 5.1 is amended to read: "5.1 The Trustees shall prepare accounts every month."

Signed on 1 May 2020.`;
    const view = consolidate(doc("settlement", "2008-01-01", waived), [doc("amendment", "2020-05-01", amendment)]);
    expect(view.changes.map((c) => c.kind)).toContain("amendment_without_power");
  });

  it("accepts a nonjudicial binding agreement signed by everyone interested", () => {
    const agreement = `NONJUDICIAL BINDING AGREEMENT

The trustor, the trustees and every beneficiary consent in writing to this agreement.

1. Clause 5.1 of the Settlement is amended to read: "5.1 The Trustees shall prepare accounts every month."

SIGNED on 1 May 2020.`;
    const view = consolidate(doc("settlement", "2008-01-01", SETTLEMENT), [doc("agreement", "2020-05-01", agreement)]);
    expect(view.changes.map((c) => c.kind)).not.toContain("amendment_without_power");
  });
});

describe("documents that replace or extend the terms in their own ways", () => {
  it("reads a decanting's receiving trust, set out in its schedule, as the trust's terms (its own filing duty stays on it)", () => {
    const trust = `THE PIKE 2011 TRUST

FIRST: Trustee. Owen Pike shall serve as Trustee.

SECOND: Accounts. The Trustee shall render an account to each beneficiary annually.

THIRD: Governing Law. This Agreement shall be governed by the laws of the State of New York.`;
    const decanting = `INSTRUMENT OF DECANTING

A. The Authorized Trustee appoints all of the principal of the Invaded Trust to the trustees of the Pike Continuation Trust, to be held under the terms set out in Exhibit A.

B. Within thirty (30) days after the date of this instrument, the Authorized Trustee shall file this instrument with the court.

EXHIBIT A
TERMS OF THE PIKE CONTINUATION TRUST

1. Trustee. Owen Pike shall serve as Trustee.

2. Accounts. The Trustee shall render an account to each beneficiary within sixty (60) days after the end of each calendar year.

3. Governing Law. This trust shall be governed by the laws of the State of Delaware.

IN WITNESS WHEREOF the Authorized Trustee has signed this instrument.`;
    const view = consolidate(doc("trust", "2011-01-01", trust), [doc("decanting", "2020-01-01", decanting)]);
    expect(view.amendments[0].edits.map((e) => e.kind)).toEqual(["restate_all"]);
    expect(view.governingLaw).toBe("Delaware");
    expect(view.duties.map((d) => d.due)).toEqual(["within sixty (60) days after the end of each calendar year"]);
    expect(view.changes.map((c) => c.kind)).toEqual(["duty_changed", "governing_law_changed"]);
  });

  it("finds a part named by its heading in an instrument that numbers nothing", () => {
    const trust = `THE WREN TRUST

ACCOUNTS

The Trustee shall send me a statement each month.

RECORDS

The Trustee shall keep records of all receipts.`;
    const amendment = `FIRST AMENDMENT

The paragraph of the Trust Agreement headed "Accounts" is amended to read:

"The Trustee shall send me a statement every three months."

Signed on May 1, 2020.`;
    const view = consolidate(doc("trust", "2011-01-01", trust), [doc("first", "2020-05-01", amendment)]);
    expect(view.amendments[0].edits[0]).toMatchObject({ kind: "replace", applied: true, target: { heading: "Accounts" } });
    expect(view.duties.map((d) => d.due)).toEqual(["every three months", null]);
    const deleted = consolidate(doc("trust", "2011-01-01", trust), [
      doc("second", "2021-05-01", 'SECOND AMENDMENT\n\nThe paragraph of the Trust Agreement headed "Records" is deleted.\n\nSigned on May 1, 2021.'),
    ]);
    expect(deleted.terms.filter((t) => t.status === "deleted").map((t) => t.body)).toEqual(["The Trustee shall keep records of all receipts."]);
  });

  it("reads a codicil in the testator's own voice: an article added and sentences substituted", () => {
    const will = `LAST WILL OF IRA VOSS

ARTICLE I. GIFTS

I give my books to my son, Abel Voss.

ARTICLE II. EXECUTOR

I appoint my wife, Dina Voss, as Executor. If she fails to act, I appoint my brother, Emil Voss, as Executor. My Executor shall file an inventory with the court.`;
    const codicil = `FIRST CODICIL

FIRST: I add the following Article I-A to my Will:

"ARTICLE I-A. CHARITY. I give One Thousand Dollars to the Riverside Library."

SECOND: I delete the first two sentences of Article II of my Will and substitute the following:

"I appoint my son, Abel Voss, as Executor. If he fails to act, I appoint my wife, Dina Voss, as Executor."

IN WITNESS WHEREOF I sign this codicil.`;
    const view = consolidate(doc("will", "2001-01-01", will), [doc("codicil", "2005-01-01", codicil)], "will");
    expect(view.amendments[0].edits.map((e) => [e.kind, e.applied])).toEqual([
      ["add", true],
      ["replace", true],
    ]);
    expect(view.terms.find((t) => /Riverside Library/.test(t.body))?.article).toBeNull();
    const live = view.terms.filter((t) => t.status !== "deleted").map((t) => t.body);
    expect(live.findIndex((body) => /Riverside Library/.test(body))).toBe(live.findIndex((body) => /my books/.test(body)) + 1);
    expect(live.find((body) => /Executor/.test(body))).toBe(
      "I appoint my son, Abel Voss, as Executor. If he fails to act, I appoint my wife, Dina Voss, as Executor. My Executor shall file an inventory with the court.",
    );
  });

  it("replaces one clause by several, and leaves the deed's own clauses out of the trust", () => {
    const settlement = `THE ELM SETTLEMENT

7. ACCOUNTS

7.1 The Trustees shall prepare accounts every year.

8. PROTECTOR

8.1 The Protector may retire by notice.`;
    const deed = `DEED OF VARIATION

1. The Trustees vary the Settlement by deleting clause 7.1 and substituting the following:

"7.1 The Trustees shall prepare accounts every six months.

7.2 The Trustees shall send the Protector a statement of investments each quarter."

2. The Trustees shall register this Deed within thirty days after its date.

3. This Deed is governed by the law of England and Wales.

IN WITNESS whereof this Deed has been executed.`;
    const view = consolidate(doc("settlement", "2008-01-01", settlement), [doc("deed", "2020-01-01", deed)]);
    expect(view.amendments[0].edits.map((e) => e.kind)).toEqual(["replace"]);
    const live = view.terms.filter((t) => t.status !== "deleted" && t.section?.includes("."));
    expect(live.map((t) => t.section)).toEqual(["7.1", "7.2", "8.1"]);
    expect(view.duties.map((d) => d.due)).toEqual(["every six months", "each quarter"]);
  });
});
