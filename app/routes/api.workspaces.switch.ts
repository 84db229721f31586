import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { switchWorkspace } from "~/modules/workspaces/service.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => methodNotAllowed(getRequestContext(request, context).t, "POST");

export async function action(args: ActionFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  return handleJson(ctx.t, async () => {
    const session = await requireApiSession(args);
    const schema = z.object({ workspaceId: z.string().uuid(ctx.t("errors.workspaceNotFound")) }).strict();
    const { workspaceId } = parseWith(schema, await readJsonBody(args.request, ctx.t), ctx.t);
    await switchWorkspace(ctx, session, workspaceId);
    return jsonResponse({ success: true, workspaceId });
  });
}
