import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resetPassword } from "~/modules/auth/service.server";
import { strictSchemas } from "~/modules/auth/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => methodNotAllowed(getRequestContext(request, context).t, "POST");

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  return handleJson(ctx.t, async () => {
    const input = parseWith(strictSchemas.resetPassword(ctx.t), await readJsonBody(request, ctx.t), ctx.t);
    await resetPassword(ctx, input.token, input.password);
    return jsonResponse({ success: true, message: ctx.t("resetPage.done") });
  });
}
