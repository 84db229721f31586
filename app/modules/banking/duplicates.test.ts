import { describe, expect, it } from "vitest";
import { candidateWindow, classifyRows, type ExistingRow, type IncomingRow } from "./duplicates";

const existing = (id: string, postedOn: string, amountMinor: number, description = "ACME", bankId: string | null = null): ExistingRow => ({
  id,
  postedOn,
  amountMinor,
  description,
  payee: null,
  bankId,
});
const row = (postedOn: string, amountMinor: number, description = "ACME", bankId?: string): IncomingRow => ({ postedOn, amountMinor, description, bankId });

describe("duplicate detection", () => {
  it("the bank's id decides first, whatever the date or amount says", () => {
    const result = classifyRows(
      [row("2026-09-02", 124018, "DIV", "DIV-0902"), row("2026-09-03", 500, "X", "NEW-1")],
      [existing("a", "2026-09-02", 124018, "DIV", "DIV-0902")],
    );
    expect(result).toEqual([{ state: "duplicate", duplicateOf: "a" }, { state: "new" }]);
  });

  it("the same id twice in one file is imported once", () => {
    expect(classifyRows([row("2026-09-02", 1, "A", "X"), row("2026-09-02", 1, "A", "X")], [])).toEqual([{ state: "new" }, { state: "duplicate" }]);
  });

  it("without ids: same amount within seven days; the same day and payee is a duplicate, anything looser a possible one", () => {
    const books = [existing("a", "2026-09-05", -651240, "ALAMEDA COUNTY TAX COLLECTOR"), existing("b", "2026-09-10", -31827, "PG&E")];
    const result = classifyRows(
      [row("2026-09-05", -651240, "CHECK 1043 ALAMEDA COUNTY TAX COLLECTOR"), row("2026-09-16", -31827, "PG&E UTILITIES"), row("2026-09-30", -31827, "PG&E")],
      books,
    );
    expect(result).toEqual([{ state: "duplicate", duplicateOf: "a" }, { state: "possible_duplicate", duplicateOf: "b" }, { state: "new" }]);
  });

  it("eight days apart is not a duplicate; seven is a possible one", () => {
    expect(classifyRows([row("2026-09-18", 100)], [existing("a", "2026-09-10", 100)])).toEqual([{ state: "new" }]);
    expect(classifyRows([row("2026-09-17", 100)], [existing("a", "2026-09-10", 100)])).toEqual([{ state: "possible_duplicate", duplicateOf: "a" }]);
  });

  it("two equal payments on one day match two existing rows, each at most once", () => {
    const books = [existing("a", "2026-09-15", -2500, "RENT"), existing("b", "2026-09-15", -2500, "RENT")];
    const result = classifyRows([row("2026-09-15", -2500, "RENT"), row("2026-09-15", -2500, "RENT"), row("2026-09-15", -2500, "RENT")], books);
    expect(result.map((r) => r.state)).toEqual(["duplicate", "duplicate", "new"]);
    expect(new Set(result.map((r) => r.duplicateOf))).toEqual(new Set(["a", "b", undefined]));
  });

  it("the nearest date wins, then the same payee", () => {
    const books = [existing("far", "2026-09-01", 100, "ACME"), existing("near", "2026-09-09", 100, "OTHER"), existing("near-same", "2026-09-11", 100, "ACME")];
    expect(classifyRows([row("2026-09-10", 100, "ACME")], books)).toEqual([{ state: "possible_duplicate", duplicateOf: "near-same" }]);
  });

  it("two different bank ids are two transactions however alike", () => {
    expect(classifyRows([row("2026-09-10", 100, "ACME", "B")], [existing("a", "2026-09-10", 100, "ACME", "A")])).toEqual([{ state: "new" }]);
  });

  it("the candidate window reaches seven days either side", () => {
    expect(candidateWindow([row("2026-09-02", 1), row("2026-09-30", 1)])).toEqual({ from: "2026-08-26", to: "2026-10-07" });
    expect(candidateWindow([])).toBeNull();
  });
});
