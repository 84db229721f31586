import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { authenticator } from "~/modules/auth/authenticator.server";
import { signedInResponse } from "~/modules/auth/responses.server";
import { strictSchemas } from "~/modules/auth/validation";
import { handleJson, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => methodNotAllowed(getRequestContext(request, context).t, "POST");

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  return handleJson(ctx.t, async () => {
    const passwords = authenticator(ctx, async (body) => parseWith(strictSchemas.login(ctx.t), await readJsonBody(body, ctx.t), ctx.t));
    return signedInResponse(ctx, await passwords.authenticate("password", request));
  });
}
