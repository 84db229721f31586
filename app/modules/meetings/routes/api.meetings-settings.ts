import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { meetingScope } from "../access.server";
import { meetingsT } from "../i18n.server";
import { retentionRule, setRetention } from "../recordings/retention.server";
import { meetingSettingsSchema } from "../validation";

const route = jsonRoute(meetingsT, {
  /** GET /api/meetings/settings → `{ settings: { recordingRetentionDays, updatedAt, updatedBy } }`, for every member. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ settings: await retentionRule(ctx.db, meetingScope(session).workspaceId) }) }),
  /** PUT /api/meetings/settings `{ recordingRetentionDays: number | null }`: the owner's alone. */
  PUT: endpoint({
    allow: (session) => session.workspace?.role === "owner",
    forbidden: "errors.onlyOwnerRetention",
    body: (t) => meetingSettingsSchema(t),
    run: async ({ ctx, session, body }) => ({ settings: await setRetention(ctx, meetingScope(session), body.recordingRetentionDays) }),
  }),
});

export const loader = route;
export const action = route;
