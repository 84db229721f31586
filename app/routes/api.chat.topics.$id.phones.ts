import { z } from "zod";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { addSmsParticipant, removeSmsParticipant } from "~/modules/conversations/sms/service.server";
import { addSmsParticipantSchema } from "~/modules/conversations/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const removeSchema = () => z.object({ participantId: z.string().min(1).max(64) }).strict();

const phones = jsonRoute(conversationsT, {
  /** POST /api/chat/topics/{id}/phones {phone, name}: include someone by SMS. */
  POST: endpoint({
    body: addSmsParticipantSchema,
    status: 201,
    run: async ({ ctx, session, params, body }) => ({ topic: await addSmsParticipant(ctx, session, params.id!, body) }),
  }),
  /** DELETE {participantId}: stop including them. */
  DELETE: endpoint({
    body: removeSchema,
    run: async ({ ctx, session, params, body }) => {
      await removeSmsParticipant(ctx, session, params.id!, body.participantId);
      return {};
    },
  }),
});

export const loader = phones;
export const action = phones;
