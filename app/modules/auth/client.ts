/** Browser side of the spec's auth calls: JSON with credentials, and the spec's browser-storage keys. */
export interface AuthResponse {
  success?: boolean;
  sessionId?: string;
  user?: unknown;
  error?: string;
  fieldErrors?: Record<string, string[]>;
}

export interface CallResult {
  ok: boolean;
  status: number;
  data: AuthResponse | null;
  /** The spec's error text for a non-success answer: "<status>: <body or status text>". */
  failure: string;
}

export async function postJson(path: string, payload: unknown): Promise<CallResult> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  let data: AuthResponse | null = null;
  try {
    data = text ? (JSON.parse(text) as AuthResponse) : null;
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data, failure: `${response.status}: ${text || response.statusText}` };
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
