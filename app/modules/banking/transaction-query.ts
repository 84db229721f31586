import { TRANSACTION_STATUSES, type TransactionStatus } from "./constants";

export interface TransactionFilter {
  from?: string;
  to?: string;
  status?: TransactionStatus;
  category?: string;
  /** A member's user id, or an outside party's name. */
  party?: string;
  q?: string;
  unaccountedOnly?: boolean;
  /** Rows per page (PAGE_SIZE unless said, at most LIST_LIMIT). */
  limit?: number;
  /** 1 for the newest page. */
  page?: number;
}

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return typeof value === "string" && (TRANSACTION_STATUSES as readonly string[]).includes(value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null) => (value && /^\d{1,6}$/.test(value) ? Number(value) : undefined);

/**
 * The list's filters read from an address, the same for the page and the API. `strict` (the API) refuses
 * a malformed date or status; the page drops it and shows the rest.
 */
export function filterFromQuery(
  query: URLSearchParams,
  strict: boolean,
): { filter: TransactionFilter; invalid?: "validation.dateInvalid" | "validation.statusInvalid" } {
  const from = query.get("from") || undefined;
  const to = query.get("to") || undefined;
  const status = query.get("status") || undefined;
  if (strict && ((from && !DAY.test(from)) || (to && !DAY.test(to)))) return { filter: {}, invalid: "validation.dateInvalid" };
  if (strict && status && !isTransactionStatus(status)) return { filter: {}, invalid: "validation.statusInvalid" };
  return {
    filter: {
      from: from && DAY.test(from) ? from : undefined,
      to: to && DAY.test(to) ? to : undefined,
      status: isTransactionStatus(status) ? status : undefined,
      category: query.get("category") || undefined,
      party: query.get("party")?.trim().slice(0, 200) || undefined,
      q: query.get("q")?.slice(0, 200) || undefined,
      unaccountedOnly: query.get("unaccounted") === "1",
      limit: positive(query.get("limit")),
      page: positive(query.get("page")),
    },
  };
}
