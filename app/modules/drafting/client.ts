/**
 * The drafting page's calls to its API from the browser. Each answer that is not a success becomes
 * a `DraftingError` carrying the server's own sentence and, for bad fields, a message per field.
 */
import type { DraftValues, FieldId } from "./fields";
import { FIELDS, isFieldId } from "./fields";
import type { TemplateId } from "./templates";
import type { DraftFormat } from "./validation";

export class DraftingError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Partial<Record<FieldId, string>> = {},
    readonly status = 0,
  ) {
    super(message);
  }
}

/** The form keeps list fields as text (one item per line); the API takes them as arrays. */
export function toApiValues(values: Record<string, string>): DraftValues {
  const out: DraftValues = {};
  for (const [id, value] of Object.entries(values)) {
    if (!isFieldId(id)) continue;
    out[id] = FIELDS[id].kind === "list" ? value.split("\n").map((line) => line.trim()).filter(Boolean) : value;
  }
  return out;
}

/** And back: arrays become one item per line. */
export function toFormValues(values: DraftValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, value] of Object.entries(values)) out[id] = Array.isArray(value) ? value.join("\n") : (value ?? "");
  return out;
}

interface ApiBody {
  success?: boolean;
  error?: string;
  fieldErrors?: Record<string, string[]>;
}

async function failure(response: Response, fallback: string): Promise<DraftingError> {
  const body = (await response.json().catch(() => ({}))) as ApiBody;
  const fieldErrors: Partial<Record<FieldId, string>> = {};
  for (const [key, messages] of Object.entries(body.fieldErrors ?? {})) if (isFieldId(key) && messages[0]) fieldErrors[key] = messages[0];
  return new DraftingError(body.error ?? fallback, fieldErrors, response.status);
}

async function post(path: string, body: unknown, fallback: string): Promise<Response> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, application/octet-stream" },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!response) throw new DraftingError(fallback);
  if (!response.ok) throw await failure(response, fallback);
  return response;
}

/** The file name the server chose (RFC 8187 `filename*` first). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // Not valid percent-encoding: fall back to the plain filename below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? fallback;
}

/** Asks the server for the file and hands it to the browser as a download. */
export async function downloadDraft(template: TemplateId, format: DraftFormat, values: Record<string, string>, fallback: string): Promise<string> {
  const response = await post("/api/drafting/export", { template, format, fields: toApiValues(values) }, fallback);
  const name = fileNameFrom(response.headers.get("Content-Disposition"), `draft.${format}`);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
  return name;
}

export type SaveTarget = { kind: "document"; title?: string; type?: string } | { kind: "version"; documentId: string; note?: string };

export interface SavedDraft {
  kind: "document" | "version";
  documentId: string;
  title?: string;
  versionNumber?: number;
}

export async function saveDraft(template: TemplateId, format: DraftFormat, values: Record<string, string>, target: SaveTarget, fallback: string): Promise<SavedDraft> {
  const response = await post("/api/drafting/save", { template, format, fields: toApiValues(values), target }, fallback);
  const body = (await response.json()) as { kind: "document" | "version"; document?: { id: string; title: string }; documentId?: string; version?: { number: number } };
  if (body.kind === "document" && body.document) return { kind: "document", documentId: body.document.id, title: body.document.title };
  return { kind: "version", documentId: body.documentId ?? "", versionNumber: body.version?.number };
}

export async function draftWithAi(template: TemplateId, request: string, values: Record<string, string>, fallback: string): Promise<{ fields: DraftValues; ignored: string[] }> {
  const response = await post("/api/drafting/ai", { template, request, fields: toApiValues(values) }, fallback);
  const body = (await response.json()) as { fields?: DraftValues; ignored?: string[] };
  return { fields: body.fields ?? {}, ignored: body.ignored ?? [] };
}
