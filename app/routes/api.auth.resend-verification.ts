import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { resendVerification } from "~/modules/auth/service.server";
import { handleJson, jsonResponse, methodNotAllowed } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => methodNotAllowed(getRequestContext(request, context).t, "POST");

export async function action(args: ActionFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  return handleJson(ctx.t, async () => {
    const session = await requireApiSession(args);
    await resendVerification(ctx, session.user);
    return jsonResponse({ success: true });
  });
}
