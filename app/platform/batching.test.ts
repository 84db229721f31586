import { describe, expect, it } from "vitest";
import { allPages, chunks, D1_IN_LIST } from "./batching";

describe("allPages", () => {
  const rows = Array.from({ length: 12_345 }, (_, i) => ({ id: `k${String(i).padStart(6, "0")}` }));
  const reader = () => {
    const calls: (string | null)[] = [];
    const read = async (after: string | null, limit: number) => {
      calls.push(after);
      return rows.filter((row) => after === null || row.id > after).slice(0, limit);
    };
    return { calls, read };
  };

  it("reads every row past any one page's size, a page at a time after the last key", async () => {
    const { calls, read } = reader();
    const all = await allPages(read, (row) => row.id, 5000);
    expect(all).toHaveLength(12_345);
    expect(new Set(all.map((row) => row.id)).size).toBe(12_345);
    expect(calls).toEqual([null, "k004999", "k009999"]);
  });

  it("asks once more when the last page is exactly full, and once for nothing", async () => {
    const { calls, read } = reader();
    expect(await allPages(read, (row) => row.id, 12_345)).toHaveLength(12_345);
    expect(calls).toEqual([null, "k012344"]);
    expect(
      await allPages(
        async () => [] as { id: string }[],
        (row) => row.id,
      ),
    ).toEqual([]);
  });
});

describe("chunks", () => {
  it("slices a list to D1's IN-list size", () => {
    expect(chunks([...Array(181).keys()], D1_IN_LIST).map((slice) => slice.length)).toEqual([90, 90, 1]);
  });
});
