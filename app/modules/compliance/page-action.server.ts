import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { requireSession } from "~/modules/auth/guard.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { HttpError, readFormData, Refusal } from "~/platform/http.server";
import { getRequestContext, type RequestContext } from "~/platform/request-context.server";
import { complianceT } from "./i18n.server";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface PageAnswer {
  intent: string;
  /** The item, event or field the answer is about, so it shows beside the right form. */
  target: string | null;
  error: string | null;
  notice: string | null;
  fieldErrors: Record<string, string[]>;
}

export interface PageCommand<S extends z.ZodTypeAny> {
  schema: (t: Translate) => S;
  /** Turns the form's fields into what the schema reads (lists, nulls, booleans). */
  read: (form: FormData) => unknown;
  run: (call: { ctx: RequestContext; session: CurrentSession; value: z.infer<S>; form: FormData; t: Translate }) => Promise<string>;
}

// A command's value type is its own schema's; the table only needs to hold them side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageCommands = Record<string, PageCommand<any>>;

/**
 * The compliance pages' forms (they work without JavaScript): the intent names the command, its fields are checked by
 * the same schema as the JSON API, and a refusal (403, 404…) answers with its sentence beside the form, never a 500.
 */
export async function runPageCommand(args: ActionFunctionArgs, commands: PageCommands) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = complianceT(args.request);
  const form = await readFormData(args.request);
  const intent = String(form.get("intent") ?? "");
  const target = (form.get("target") as string | null) ?? null;
  const answer = (status: number, part: Partial<PageAnswer>) =>
    data<PageAnswer>({ intent, target, error: null, notice: null, fieldErrors: {}, ...part }, status);
  const command = Object.hasOwn(commands, intent) ? commands[intent] : undefined;
  if (!command) return answer(400, { error: t("errors.unknownAction") });
  const parsed = command.schema(t).safeParse(command.read(form));
  if (!parsed.success) {
    const fieldErrors = parsed.error.flatten().fieldErrors as Record<string, string[]>;
    return answer(400, { error: parsed.error.issues[0]?.message ?? t("errors.unknownAction"), fieldErrors });
  }
  try {
    return answer(200, { notice: await command.run({ ctx, session, value: parsed.data, form, t }) });
  } catch (error) {
    const refusal = error instanceof Refusal ? error.in(t) : error instanceof HttpError ? error : null;
    if (refusal) return answer(refusal.status, { error: refusal.message });
    throw error;
  }
}

export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
};
