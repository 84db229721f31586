import { z } from "zod";
import { pollRecordCsv, pollRecordPdf } from "~/modules/polls/export.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { castBallot } from "~/modules/polls/ballots.server";
import { closePollByHand } from "~/modules/polls/closing.server";
import { remindVoters } from "~/modules/polls/reminders.server";
import { setWatching } from "~/modules/polls/service.server";
import { ballotSchema } from "~/modules/polls/validation";
import { contentDisposition } from "~/modules/documents/content-disposition";
import { HttpError } from "~/platform/http.server";
import { endpoint, jsonRoute, type RouteArgs } from "~/platform/json-route.server";

const watchSchema = () => z.object({ watching: z.boolean() }).strict();

/**
 * The commands on one poll, each a route of its own: POST ballot `{ choices }`, close, remind, watch `{ watching }`;
 * GET export?format=csv|pdf (the record of the vote). An unknown command takes POST and answers 404 once signed in.
 */
const commands = new Map([
  [
    "ballot",
    jsonRoute(pollsT, {
      POST: endpoint({ body: ballotSchema, run: async ({ ctx, session, params, body }) => castBallot(ctx, session, params.id ?? "", body.choices) }),
    }),
  ],
  [
    "close",
    jsonRoute(pollsT, {
      POST: endpoint({ run: async ({ ctx, session, params }) => ({ result: await closePollByHand(ctx, session, params.id ?? "") }) }),
    }),
  ],
  ["remind", jsonRoute(pollsT, { POST: endpoint({ run: async ({ ctx, session, params }) => remindVoters(ctx, session, params.id ?? "") }) })],
  [
    "watch",
    jsonRoute(pollsT, {
      POST: endpoint({
        body: watchSchema,
        run: async ({ ctx, session, params, body: { watching } }) => {
          await setWatching(ctx, session, params.id ?? "", watching);
          return { watching };
        },
      }),
    }),
  ],
  [
    "export",
    jsonRoute(pollsT, {
      GET: endpoint({
        run: async ({ ctx, session, params, query, t }) => {
          const format = query.get("format") ?? "csv";
          if (format !== "csv" && format !== "pdf") throw new HttpError(400, t("errors.exportFormat"));
          const record = format === "csv" ? await pollRecordCsv(ctx, session, params.id ?? "", t) : await pollRecordPdf(ctx, session, params.id ?? "", t);
          return new Response(record.body as BodyInit, {
            headers: {
              "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/pdf",
              "Content-Disposition": contentDisposition("attachment", record.fileName),
              "Cache-Control": "private, no-store",
              "X-Content-Type-Options": "nosniff",
            },
          });
        },
      }),
    }),
  ],
]);

const unknownCommand = jsonRoute(pollsT, {
  POST: endpoint({
    run: async ({ t }) => {
      throw new HttpError(404, t("errors.unknownCommand"));
    },
  }),
});

const command = (args: RouteArgs) => (commands.get(args.params.command ?? "") ?? unknownCommand)(args);

export const loader = command;
export const action = command;
