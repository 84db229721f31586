/** Browser side of the spec's auth calls: JSON with credentials, and the spec's browser-storage keys. */
import { apiFetch, ApiError } from "~/platform/api-fetch";

export interface AuthResponse {
  success?: boolean;
  sessionId?: string;
  user?: unknown;
  error?: string;
  fieldErrors?: Record<string, string[]>;
  /** The password was right; a second factor is owed (ADR 0036). */
  secondFactorRequired?: boolean;
  secondFactorMethods?: ("totp" | "passkey" | "recovery_code")[];
  /** The pending second step is gone: enter the password again. */
  restart?: boolean;
}

export interface CallResult {
  ok: boolean;
  data: AuthResponse | null;
  /** The spec's error text for a non-success answer: "<status>: <body or status text>". */
  failure: string;
}

/** A refusal is a result, not a throw: the auth screen picks the sentence to show from it (spec section 8). */
export async function postJson(path: string, payload: unknown): Promise<CallResult> {
  try {
    const data = await apiFetch<AuthResponse>(path, { method: "POST", body: payload, credentials: "include" });
    return { ok: true, data, failure: "" };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // An OK answer without JSON still signed the person in (or sent the reset mail): only the body is unread.
    const ok = error.status >= 200 && error.status < 300;
    return { ok, data: (error.body as AuthResponse | null) ?? null, failure: error.message };
  }
}

/** Kept for compatibility with the spec; the HttpOnly cookie is what authenticates. */
export function storeSession(sessionId: string | undefined, user: unknown) {
  try {
    if (sessionId) localStorage.setItem("sessionId", sessionId);
    if (user) localStorage.setItem("user", JSON.stringify(user));
  } catch {
    // Storage may be disabled (private mode); the cookie still signs the user in.
  }
}

export function clearStoredSession() {
  try {
    localStorage.removeItem("sessionId");
    localStorage.removeItem("user");
  } catch {
    // ignore
  }
}

/** The tab the path opens (spec: /register → Sign Up, a path containing /forgot → Reset, else Sign In). */
export function initialTab(pathname: string): "login" | "register" | "reset" {
  if (pathname.includes("/register")) return "register";
  if (pathname.includes("/forgot")) return "reset";
  return "login";
}
