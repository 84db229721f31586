/**
 * D1 binds at most 100 parameters per statement: long `IN (…)` lists are sent in slices of this
 * size, leaving room for the query's other parameters.
 */
export const D1_IN_LIST = 90;

export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Runs a query per slice of ids and joins the rows. */
export async function inChunks<T>(ids: string[], run: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const slice of chunks(ids, D1_IN_LIST)) out.push(...(await run(slice)));
  return out;
}

/**
 * Every row of a query read a page at a time, keyset-paged on a unique column: `read(after, limit)` gives up to
 * `limit` rows ordered by that column, after the given value (null: from the start). For lists with no natural
 * bound that must be read whole (a sync's existing keys); each page is one small statement.
 */
export async function allPages<T>(read: (after: string | null, limit: number) => Promise<T[]>, keyOf: (row: T) => string, pageSize = 1000): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await read(after, pageSize);
    out.push(...page);
    if (page.length < pageSize) return out;
    after = keyOf(page[page.length - 1]!);
  }
}
