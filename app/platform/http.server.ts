import type { z } from "zod";
import { requestT } from "~/i18n.server";

export const JSON_BODY_LIMIT = 64 * 1024;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A refusal that becomes `{ success: false, error }` with a 4xx status. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public fieldErrors?: Record<string, string[]>,
    public headers?: HeadersInit,
  ) {
    super(message);
  }
}

/**
 * A refusal that carries the key of its sentence instead of the sentence (docs/decisions/0018): domain
 * functions throw it without taking `t`, and the route's boundary translates it in the caller's language
 * with the route's namespace. `fieldKeys` names the key of each field's message the same way.
 */
export class Refusal extends Error {
  constructor(
    public status: number,
    public key: string,
    public values?: Record<string, unknown>,
    public fieldKeys?: Record<string, string>,
    public headers?: HeadersInit,
  ) {
    super(key);
  }

  /** The translated HttpError this refusal stands for. */
  in(t: Translate): HttpError {
    const fieldErrors = this.fieldKeys ? Object.fromEntries(Object.entries(this.fieldKeys).map(([field, key]) => [field, [t(key, this.values)]])) : undefined;
    return new HttpError(this.status, t(this.key, this.values), fieldErrors, this.headers);
  }
}

/** For a route's own try/catch: a Refusal becomes the HttpError it stands for, in the route's language; anything else stays as it is. */
export function asHttpError(error: unknown, t: Translate): unknown {
  return error instanceof Refusal ? error.in(t) : error;
}

export const NO_STORE = { "Cache-Control": "no-store" };

/** For page loaders: a refusal becomes the page's status and sentence (404 for anything not visible: never the data). */
export function throwAsResponse(error: unknown, t: Translate): never {
  if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
  if (error instanceof Refusal) throw new Response(error.in(t).message, { status: error.status });
  throw error;
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorResponse(error: HttpError): Response {
  return jsonResponse(
    { success: false, error: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) },
    { status: error.status, headers: error.headers },
  );
}

/** Reads a JSON body of at most `limit` bytes without trusting Content-Length, and parses it. */
export async function readJsonBody(request: Request, t: Translate, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new HttpError(400, t("errors.jsonContentType"));
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) throw new HttpError(413, t("errors.bodyTooLarge", { kib: limit / 1024 }));
  if (!request.body) throw new HttpError(400, t("errors.bodyMissing"));

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, t("errors.bodyTooLarge", { kib: limit / 1024 }));
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") throw new HttpError(400, t("errors.bodyMissing"));
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, t("errors.invalidJson"));
  }
}

const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * The form a request posted, or null when it posted none: no body (and so no type), another type (JSON, text), or a
 * body that is not the form its type says (a multipart body without its boundary). An empty form is a form: a
 * button alone posts one.
 */
export async function formDataOrNull(request: Request): Promise<FormData | null> {
  if (!FORM_TYPE.test(request.headers.get("Content-Type") ?? "")) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/**
 * Every page action's form, read through here: without one (see formDataOrNull) the action answers 400 with the
 * house's sentence in the caller's language, as a thrown Response the page's error boundary shows, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const form = await formDataOrNull(request);
  if (form) return form;
  throw new Response(requestT(request)("errors.formExpected"), { status: 400, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
}

/** Validates with a zod schema; the first message becomes `error`, all of them `fieldErrors`. */
export function parseWith<S extends z.ZodTypeAny>(schema: S, data: unknown, t: Translate): z.infer<S> {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new HttpError(400, t("errors.jsonObjectExpected"));
  }
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  let first: string | undefined;
  for (const issue of result.error.issues) {
    const message = issue.code === "unrecognized_keys" ? t("errors.unknownFields", { fields: issue.keys.join(", ") }) : issue.message;
    const field = issue.path.join(".") || "_form";
    (fieldErrors[field] ??= []).push(message);
    first ??= message;
  }
  throw new HttpError(400, first ?? t("errors.invalidInput"), fieldErrors);
}

/** Runs a JSON endpoint: known refusals become their 4xx answer; anything else a logged, generic 500. */
export async function handleJson(t: Translate, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof HttpError) return errorResponse(error);
    if (error instanceof Refusal) return errorResponse(error.in(t));
    console.error("Unhandled error in JSON endpoint", error);
    return errorResponse(new HttpError(500, t("errors.internal")));
  }
}

export function methodNotAllowed(t: Translate, allowed: string): Response {
  return errorResponse(new HttpError(405, t("errors.methodNotAllowed", { method: allowed }), undefined, { Allow: allowed }));
}

/**
 * The loader or action of a JSON route that does not take that method: 405 with the house's sentence
 * (without one Remix answers its own 400/405 "Unexpected Server Error").
 */
export function onlyMethods(allowed: string) {
  return ({ request }: { request: Request }) => methodNotAllowed(requestT(request), allowed);
}
