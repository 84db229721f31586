import { describe, expect, it } from "vitest";
import { serverT } from "~/i18n.server";
import { fixtureDocument, fixtureText, FIXTURES } from "../test-fixtures";
import { groupInstruments, trustNameKey } from "~/modules/instruments/family";
import { findInconsistencies, type Finding } from "./checks";
import { deadlineKey, deadlinesContradict, nameKey, parseWrittenDate, sameDuty, sameName } from "./normalise";

const trust = fixtureDocument("trust", { id: "trust", title: "Hartwell Family Trust" });
const amendment = fixtureDocument("amendment", { id: "amendment", title: "First Amendment" });
const poa = fixtureDocument("poa", { id: "poa", title: "Okafor Power of Attorney" });
const docs = [trust, amendment, poa];
const t = serverT("ai", "en");

/** Each link's offsets must cut exactly the quoted words out of the linked document. */
function expectLinksExact(finding: Finding) {
  for (const passage of finding.passages) {
    const doc = docs.find((d) => d.id === passage.documentId)!;
    expect(passage.url).toBe(`/documents/${doc.id}?passage=${passage.start}-${passage.end}`);
    expect(doc.content.slice(passage.start, passage.end).replace(/\s+/g, " ").startsWith(passage.excerpt.replace(/…$/, ""))).toBe(true);
  }
}

describe("cross-document checks on the sample trust and its first amendment", () => {
  const findings = findInconsistencies(docs);
  const byKind = (kind: string) => findings.filter((f) => f.kind === kind);

  it("groups the amendment with the trust it names, and nothing else", () => {
    expect(trustNameKey("FIRST AMENDMENT TO THE HARTWELL FAMILY REVOCABLE LIVING TRUST")).toBe("hartwell family revocable living trust");
    const groups = groupInstruments(docs);
    expect(groups.map((g) => [g.base.id, g.amendments.map((a) => a.id)])).toEqual([["trust", ["amendment"]]]);
  });

  it("finds the changed successor order, linking the sentence before and the sentence after", () => {
    const [changed] = byKind("successor_order_changed");
    expect(changed.severity).toBe("high");
    expect(t(changed.message.key, changed.message.values)).toBe(
      "“First Amendment” names Daniel R. Hartwell, First Pacific Trust Company as successor trustees, in that order, where “Hartwell Family Trust” named Margaret A. Hartwell-Chen, First Pacific Trust Company.",
    );
    expect(changed.passages.map((p) => p.documentId)).toEqual(["trust", "amendment"]);
    expect(changed.passages[0].excerpt).toBe("If both Settlors cease to serve, Margaret A. Hartwell-Chen shall serve as successor trustee.");
    expect(changed.passages[1].excerpt).toBe("If both Settlors cease to serve, Daniel R. Hartwell shall serve as successor trustee.");
    expectLinksExact(changed);
    expect(byKind("trustee_changed")).toEqual([]);
  });

  it("finds the beneficiary the amendment leaves out while the trust's shares clause still gives her 20%", () => {
    const dropped = byKind("beneficiary_dropped");
    expect(dropped).toHaveLength(1);
    expect(t(dropped[0].message.key, dropped[0].message.values)).toBe(
      "“First Amendment” leaves Sofia L. Chen out of the beneficiaries it names, yet a clause of “Hartwell Family Trust” it did not change still gives Sofia L. Chen 20%.",
    );
    expect(dropped[0].passages.map((p) => p.documentId)).toEqual(["trust", "amendment"]);
    expectLinksExact(dropped[0]);
  });

  it("finds the notice duty's deadline changed from 60 to 30 days", () => {
    const [changed] = byKind("duty_changed");
    expect(changed.severity).toBe("medium");
    expect(changed.message.values).toMatchObject({
      base: "Hartwell Family Trust",
      amendment: "First Amendment",
      from: "Within sixty (60) days after this trust, or any portion of it, becomes irrevocable",
      to: "Within thirty (30) days after this trust, or any portion of it, becomes irrevocable",
    });
    expect(changed.passages.map((p) => p.documentId)).toEqual(["trust", "amendment"]);
    expectLinksExact(changed);
    expect(byKind("deadline_conflict")).toEqual([]);
  });

  it("finds the inventory that nobody is named to prepare", () => {
    const unassigned = byKind("duty_unassigned");
    expect(unassigned).toHaveLength(1);
    expect(unassigned[0].passages).toHaveLength(1);
    expect(unassigned[0].passages[0].excerpt).toBe(
      "Within ninety (90) days after the death of the surviving Settlor, an inventory and appraisal of the trust estate shall be prepared and delivered to each beneficiary.",
    );
    expectLinksExact(unassigned[0]);
  });

  it("puts the most serious findings first and gives each a stable id", () => {
    expect(findings.map((f) => f.kind)).toEqual(["successor_order_changed", "beneficiary_dropped", "duty_changed", "duty_unassigned"]);
    expect(findInconsistencies(docs).map((f) => f.id)).toEqual(findings.map((f) => f.id));
  });

  it("finds nothing between documents a viewer cannot read together: the trust or the amendment alone", () => {
    expect(findInconsistencies([trust, poa])).toEqual([]);
    expect(findInconsistencies([amendment]).map((f) => f.kind)).toEqual(["duty_unassigned"]);
  });

  it("finds an amendment that misdates the trust it amends, or predates it", () => {
    const misdated = fixtureDocument("amendment", {
      id: "amendment",
      title: "First Amendment",
      content: fixtureText(FIXTURES.amendment)
        .replace("TRUST dated March 14, 2019", "TRUST dated March 14, 2018")
        .replace(/September 8, 2023/g, "January 5, 2018"),
    });
    const dates = findInconsistencies([trust, misdated]).filter((f) => f.kind === "date_conflict");
    expect(dates.map((f) => t(f.message.key, f.message.values))).toEqual([
      "“First Amendment” refers to the trust as dated March 14, 2018, but “Hartwell Family Trust” is dated March 14, 2019.",
      "“First Amendment” is dated January 5, 2018, before the trust it amends (“Hartwell Family Trust”, dated March 14, 2019).",
    ]);
    expect(dates.every((f) => f.passages.length === 2)).toBe(true);
  });
});

describe("normalising names, dates and deadlines", () => {
  it("matches people with or without middle initials", () => {
    expect(nameKey("Margaret A. Hartwell-Chen")).toBe("margaret hartwell chen");
    expect(sameName("Sofia L. Chen", "Sofia Chen")).toBe(true);
    expect(sameName("Daniel R. Hartwell", "Margaret A. Hartwell-Chen")).toBe(false);
  });

  it("compares deadlines only when they are of the same kind", () => {
    expect(deadlineKey("Within sixty (60) days after the death")).toBe("within 60 day");
    expect(deadlineKey("within ninety days")).toBe("within 90 day");
    expect(deadlineKey("on or before April 15 of each year")).toBe("on 04-15");
    expect(deadlineKey("at least annually")).toBe("every year");
    expect(deadlinesContradict("within 60 days", "within 30 days")).toBe(true);
    expect(deadlinesContradict("on or before April 15 of each year", "on or before March 15 of each year")).toBe(true);
    expect(deadlinesContradict("at least annually", "within 30 days")).toBe(false);
    expect(deadlinesContradict("within 60 days", "Within sixty (60) days")).toBe(false);
    expect(parseWrittenDate("dated March 14, 2019")).toBe("2019-03-14");
  });

  it("takes the same statute, or mostly the same words, as the same duty", () => {
    expect(
      sameDuty(
        { duty: "Serve notice", citation: "California Probate Code section 16061.7" },
        { duty: "Give notice", citation: "Probate Code section 16061.7" },
      ),
    ).toBe(true);
    expect(sameDuty({ duty: "File fiduciary income tax returns", citation: null }, { duty: "file all fiduciary income tax returns", citation: null })).toBe(
      true,
    );
    expect(sameDuty({ duty: "File tax returns", citation: null }, { duty: "Account to each beneficiary", citation: null })).toBe(false);
  });
});
