import { DOCUMENT_STATUSES, STORED_DOCUMENT_TYPES, type DocumentStatus, type StoredDocumentType } from "./schema";

export const SORTS = ["newest", "oldest", "title"] as const;
export type DocumentSort = (typeof SORTS)[number];

export interface ListQuery {
  q?: string;
  type?: StoredDocumentType;
  status?: DocumentStatus;
  sort?: DocumentSort;
  page?: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The list's filters from the address bar; anything unknown is ignored rather than refused. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: params.get("q")?.trim().slice(0, 200) || undefined,
    type: oneOf(STORED_DOCUMENT_TYPES, params.get("type")),
    status: oneOf(DOCUMENT_STATUSES, params.get("status")),
    sort: oneOf(SORTS, params.get("sort")),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}
