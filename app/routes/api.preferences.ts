import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { savePreferences } from "~/modules/profile/service.server";
import { preferencesSchema } from "~/modules/profile/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => methodNotAllowed(getRequestContext(request, context).t, "POST");

export async function action(args: ActionFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  return handleJson(ctx.t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(preferencesSchema(ctx.t), await readJsonBody(args.request, ctx.t), ctx.t);
    await savePreferences(ctx, session, input);
    return jsonResponse({ success: true, preferences: input });
  });
}
