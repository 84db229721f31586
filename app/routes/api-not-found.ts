import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requestT } from "~/i18n.server";
import { errorResponse, HttpError } from "~/platform/http.server";

/**
 * Any /api/ address no endpoint has: the house's JSON 404, whatever the method, where the catch-all would draw the
 * sales or not-found page (HTML a program calling the API cannot read).
 */
function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return errorResponse(new HttpError(404, requestT(request)("errors.apiNotFound")));
}

export const loader = notFound;
export const action = notFound;
