import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { setBeneficialShare } from "~/modules/workspaces/beneficial-shares.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(pollsT(request), "PUT");

/** PUT `{ "shareBp": 4000 | null }`: a member's beneficial interest (basis points), which weighs weighted votes. */
export async function action(args: ActionFunctionArgs) {
  const t = pollsT(args.request);
  if (args.request.method !== "PUT") return methodNotAllowed(t, "PUT");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const { shareBp } = parseWith(
      z.object({ shareBp: z.number({ invalid_type_error: t("errors.shareInvalid") }).nullable() }).strict(),
      await readJsonBody(args.request, t),
      t,
    );
    await setBeneficialShare(getRequestContext(args.request, args.context), session, args.params.userId ?? "", shareBp, t);
    return jsonResponse({ success: true, shareBp });
  });
}
