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
