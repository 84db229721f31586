import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { signedInResponse } from "~/modules/auth/responses.server";
import { register } from "~/modules/auth/service.server";
import { strictSchemas } from "~/modules/auth/validation";
import { handleJson, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => methodNotAllowed(getRequestContext(request, context).t, "POST");

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  return handleJson(ctx.t, async () => {
    const input = parseWith(strictSchemas.register(ctx.t), await readJsonBody(request, ctx.t), ctx.t);
    return signedInResponse(ctx, await register(ctx, input), 201);
  });
}
