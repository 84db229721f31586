import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { pollDetail } from "~/modules/polls/service.server";
import { handleJson, jsonResponse, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/polls/{id}: the poll as this person may see it (tallies hidden until closing when so chosen). */
export async function loader(args: LoaderFunctionArgs) {
  const t = pollsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    return jsonResponse({ success: true, ...(await pollDetail(getRequestContext(args.request, args.context), session, args.params.id ?? "", t)) });
  });
}

export const action = onlyMethods("GET");
