/**
 * Why an analysis failed, stored as a code with its numbers (never as English), so that the reason
 * beside the "Error" badge reads in each person's language.
 */
export const FAILURE_CODES = [
  "pdf_damaged",
  "docx_damaged",
  "not_docx",
  "unsupported_type",
  "too_large_to_read",
  "file_missing",
  "no_text",
  "ai_unreachable",
  "ai_refused",
  "ai_bad_answer",
  "ai_declined",
  "unexpected",
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

export interface Failure {
  code: FailureCode;
  /** Numbers the sentence needs: the reading limit in MB, the provider's HTTP status. */
  mb?: number;
  status?: number;
  /** Whether the queue will try again by itself. */
  retrying?: boolean;
}

export function encodeFailure(failure: Failure): string {
  return JSON.stringify(failure);
}

/** The stored reason as a sentence in the reader's language; text stored by older code is shown as it is. */
export function describeFailure(t: (key: string, options?: Record<string, unknown>) => string, stored: string | null): string | null {
  if (!stored) return null;
  let failure: Failure;
  try {
    failure = JSON.parse(stored) as Failure;
  } catch {
    return stored;
  }
  if (!FAILURE_CODES.includes(failure.code)) return stored;
  const sentence = t(`failure.${failure.code}`, { mb: failure.mb, status: failure.status });
  return failure.retrying ? `${sentence} ${t("failure.retrying")}` : sentence;
}
