import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { pollRecordCsv, pollRecordPdf } from "~/modules/polls/export.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { castBallot } from "~/modules/polls/ballots.server";
import { closePollByHand } from "~/modules/polls/closing.server";
import { remindVoters } from "~/modules/polls/reminders.server";
import { setWatching } from "~/modules/polls/service.server";
import { ballotSchema } from "~/modules/polls/validation";
import { contentDisposition } from "~/modules/documents/content-disposition";
import { handleJson, HttpError, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/**
 * The commands on one poll: POST ballot `{ choices }`, close, remind, watch `{ watching }`;
 * GET export?format=csv|pdf (the record of the vote).
 */
export async function loader(args: LoaderFunctionArgs) {
  const t = pollsT(args.request);
  if (args.params.command !== "export") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const format = new URL(args.request.url).searchParams.get("format") ?? "csv";
    if (format !== "csv" && format !== "pdf") throw new HttpError(400, t("errors.exportFormat"));
    const record = format === "csv" ? await pollRecordCsv(ctx, session, args.params.id ?? "", t) : await pollRecordPdf(ctx, session, args.params.id ?? "", t);
    return new Response(record.body as BodyInit, {
      headers: {
        "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/pdf",
        "Content-Disposition": contentDisposition("attachment", record.fileName),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}

export async function action(args: ActionFunctionArgs) {
  const t = pollsT(args.request);
  const command = args.params.command;
  if (command === "export") return methodNotAllowed(t, "GET");
  if (args.request.method !== "POST") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const id = args.params.id ?? "";
    switch (command) {
      case "ballot": {
        const { choices } = parseWith(ballotSchema(t), await readJsonBody(args.request, t), t);
        return jsonResponse({ success: true, ...(await castBallot(ctx, session, id, choices, t)) });
      }
      case "close":
        return jsonResponse({ success: true, result: await closePollByHand(ctx, session, id, t) });
      case "remind":
        return jsonResponse({ success: true, ...(await remindVoters(ctx, session, id, t)) });
      case "watch": {
        const { watching } = parseWith(z.object({ watching: z.boolean() }).strict(), await readJsonBody(args.request, t), t);
        await setWatching(ctx, session, id, watching, t);
        return jsonResponse({ success: true, watching });
      }
      default:
        throw new HttpError(404, t("errors.unknownCommand"));
    }
  });
}
