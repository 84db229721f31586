import { ApiError, apiFetch } from "~/platform/api-fetch";

/** What a refused call says: the server's sentence, and its message per field (password, code, name). */
export interface Refused {
  error: string;
  fieldErrors: Record<string, string[]>;
}

export type Answer<T> = { ok: true; data: T } | ({ ok: false } & Refused);

/** POST /api/auth/factors/<command>: a refusal is an answer, not a throw, so each form shows it beside its fields. */
export async function factorCommand<T = Record<string, unknown>>(command: string, body?: unknown, fallback = ""): Promise<Answer<T>> {
  try {
    return { ok: true, data: await apiFetch<T>(`/api/auth/factors/${command}`, { method: "POST", body }) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.error ?? error.message, fieldErrors: error.fieldErrors ?? {} };
    return { ok: false, error: fallback, fieldErrors: {} };
  }
}
