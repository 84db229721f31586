import { isRouteErrorResponse } from "@remix-run/react";

/** The body of the 500 a signed-in page answers for an unexpected error: the reference of its line in the server log. */
export interface UnexpectedErrorBody {
  reference: string;
}

/** What an error page needs to know about the error it shows. */
export interface RouteErrorSummary {
  status: number;
  /** The server's translated sentence, when the refusal carried one. */
  sentence: string | null;
  /** The reference the server logged the error under (unexpected errors only). */
  reference: string | null;
}

const REFERENCE = /^[0-9A-Z]{6,16}$/;

function nonEmpty(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/**
 * The sentence of a thrown Response: `throwAsResponse` sends it as plain text; JSON answers carry it as
 * `error` (the house's `{ success: false, error }`) or `message` (401 `{ message }`).
 */
function sentenceOf(body: unknown): string | null {
  if (typeof body === "string") return nonEmpty(body);
  if (body === null || typeof body !== "object") return null;
  const fields = body as Record<string, unknown>;
  return nonEmpty(fields.error) ?? nonEmpty(fields.message);
}

function referenceOf(body: unknown): string | null {
  if (body === null || typeof body !== "object") return null;
  const reference = (body as Partial<UnexpectedErrorBody>).reference;
  return typeof reference === "string" && REFERENCE.test(reference) ? reference : null;
}

/**
 * The router's own refusals (a POST to a page without an action) carry an Error's text, "Error: You made
 * a POST request…", meant for developers. Their `internal` flag would say so, but it is lost on the way to
 * the browser, and the server and the browser must render the same page.
 */
function isRouterMessage(body: unknown): boolean {
  return typeof body === "string" && body.startsWith("Error: ");
}

/** Anything `useRouteError()` returns: a thrown Response becomes its status and sentence; anything else is a 500. */
export function summarizeRouteError(error: unknown): RouteErrorSummary {
  if (!isRouteErrorResponse(error)) return { status: 500, sentence: null, reference: null };
  return { status: error.status, sentence: isRouterMessage(error.data) ? null : sentenceOf(error.data), reference: referenceOf(error.data) };
}
