import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { getServerByName } from "partyserver";
// The Remix server build; `npm run build` writes it (scripts/server-sourcemaps.ts) as a module wrangler uploads as
// it is, so the runtime's lines and columns are the build's and its source maps apply (ADR 0031).
import * as build from "./generated/server/index.js";
import { SIGNED_IN_LAYOUT_ID } from "../app/modules/navigation/route-sets";
import { loadSession } from "../app/modules/auth/session.server";
import { sealPendingChains } from "../app/modules/audit/chain.server";
import { captureWorkerError } from "../app/modules/ops/capture.server";
import { provideClientSourceMaps, provideSourceMaps } from "../app/modules/ops/sourcemap";
import { serverT } from "../app/i18n.server";
import { createDb } from "../app/platform/db.server";
import { getConfig, isOwnHost } from "../app/platform/env.server";
import { withErrorReferences } from "../app/platform/error-reference.server";
import { errorResponse, HttpError } from "../app/platform/http.server";
import type { runJob as RunJob, scheduledWork as ScheduledWork } from "../app/platform/jobs.server";
import type { MeetingRoom as MeetingRoomClass } from "../party/meeting-room";
import type { PollTimer as PollTimerClass } from "../party/poll-timer";
import type { UserRoom as UserRoomClass } from "../party/user-room";
import { createNonce } from "../app/platform/load-context";
import { DEV_SQL_PATH, handleDevSql } from "../app/platform/dev-sql.server";
import type { JobMessage } from "../app/platform/job-message";
import { isForeignWrite, withSecurityHeaders } from "../app/platform/security.server";
import { keepPublicPage, publicPageKey, servePublicPage } from "../app/platform/public-page-cache.server";
import { keepSignedInPage, serveSignedInPage, signedInPageKey } from "../app/platform/signed-in-page-cache.server";
import { VERIFIED_SESSION_ID_HEADER, VERIFIED_USER_ID_HEADER, VERIFIED_USER_NAME_HEADER, VERIFIED_WORKSPACE_ID_HEADER } from "../party/protocol";
import { meetingTopology, roomRoleFor } from "../app/modules/meetings/access.server";
import { MEETING_E2EE_REQUIRED_HEADER, MEETING_ID_HEADER, MEETING_ROLE_HEADER, MEETING_TOPOLOGY_HEADER } from "../party/meeting-protocol";

// Errors' stacks are mapped to the sources with the build's maps, read when the first error is captured.
provideSourceMaps(() => import("./generated/server-maps.js").then((m) => m.default));
// Browsers' stacks with the client build's maps (scripts/client-sourcemaps.ts), read on the first report with a stack.
provideClientSourceMaps(() => import("./generated/client-maps.js").then((m) => m.default));

// The signed-in pages' unexpected errors reach their error page with the reference they were logged under.
const handleRemix = createRequestHandler(withErrorReferences(build as unknown as ServerBuild, SIGNED_IN_LAYOUT_ID));
const t = serverT("auth");
const meetingT = serverT(["meetings", "auth"]);
const MEETING_SOCKET_PATH = /^\/meetings\/([^/]+)\/ws$/;
// The queue consumer, the cron work and the rooms come with the Remix build, where Vite found every module's server half.
const { runJob, scheduledWork, ...rooms } = (build as unknown as ServerBuild).entry.module as unknown as {
  runJob: typeof RunJob;
  scheduledWork: typeof ScheduledWork;
  UserRoom: typeof UserRoomClass;
  PollTimer: typeof PollTimerClass;
  MeetingRoom: typeof MeetingRoomClass;
};
// The Durable Objects, from the same build (their stacks are mapped as the rest's are).
export const { UserRoom, PollTimer, MeetingRoom } = rooms;
// Their instance types, for the bindings' types (worker-configuration.d.ts names them from here).
export type UserRoom = UserRoomClass;
export type PollTimer = PollTimerClass;
export type MeetingRoom = MeetingRoomClass;

/**
 * What both sockets check before a room sees anything: an upgrade, our own Origin, a signed-in session. The
 * request's headers come back stamped with who it is (the rooms trust only these), or the refusal to send.
 */
async function verifiedSocket(request: Request, env: Env) {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return errorResponse(new HttpError(426, t("errors.websocketExpected")));
  }
  const origin = request.headers.get("Origin");
  if (origin !== new URL(request.url).origin) return errorResponse(new HttpError(403, t("errors.foreignOrigin")));
  const db = createDb(env.DB);
  const session = await loadSession(db, request);
  if (!session) return errorResponse(new HttpError(401, t("errors.unauthorized")));
  // Nothing live reaches a person whose workspace requires a second factor they have not set up (ADR 0036).
  if (session.secondFactorSetupFor) {
    return errorResponse(new HttpError(403, t("secondFactor.errors.setupRequired", { workspace: session.secondFactorSetupFor.name })));
  }
  const headers = new Headers(request.headers);
  headers.set(VERIFIED_USER_ID_HEADER, session.user.id);
  headers.set(VERIFIED_USER_NAME_HEADER, session.user.name);
  headers.set(VERIFIED_SESSION_ID_HEADER, session.sessionId);
  headers.set(VERIFIED_WORKSPACE_ID_HEADER, session.workspace?.id ?? "");
  return { db, session, headers };
}

/** /ws: the signed-in user's own room. */
async function connectUserRoom(request: Request, env: Env): Promise<Response> {
  const verified = await verifiedSocket(request, env);
  if (verified instanceof Response) return verified;
  const room = await getServerByName(env.UserRoom, verified.session.user.id);
  return room.fetch(new Request(request.url, { method: "GET", headers: verified.headers }));
}

/**
 * /meetings/{id}/ws: a meeting's signalling room (issue 20), with /ws's checks, then the meeting's: it is in the
 * session's workspace and has not ended; its host and invitees go straight in, other members of the workspace wait
 * in the lobby, anyone else gets 404. The connection id (the participant id the others see) is chosen here, never
 * by the client.
 */
async function connectMeetingRoom(request: Request, env: Env, meetingId: string): Promise<Response> {
  const verified = await verifiedSocket(request, env);
  if (verified instanceof Response) return verified;
  const { db, session, headers } = verified;
  const entry = await roomRoleFor(db, meetingId, { userId: session.user.id, workspaceId: session.workspace?.id ?? null });
  if (!entry) return errorResponse(new HttpError(404, meetingT("errors.meetingNotFound")));
  headers.set(MEETING_ID_HEADER, meetingId);
  headers.set(MEETING_ROLE_HEADER, entry.role);
  // Set or removed here: the browser's own headers were copied, and the room trusts only what the Worker says.
  if (entry.e2eeRequired) headers.set(MEETING_E2EE_REQUIRED_HEADER, "1");
  else headers.delete(MEETING_E2EE_REQUIRED_HEADER);
  headers.set(MEETING_TOPOLOGY_HEADER, await meetingTopology(db, getConfig(env), meetingId));
  const url = new URL(request.url);
  url.search = `?_pk=${crypto.randomUUID()}`;
  const room = await getServerByName(env.MeetingRoom, meetingId);
  return room.fetch(new Request(url, { method: "GET", headers }));
}

/** Sealing is best effort here: the cron seals whatever a failed attempt left. */
function sealAuditChains(env: Env): Promise<unknown> {
  return sealPendingChains(createDb(env.DB)).catch((error) => console.error("Sealing the audit chains failed", error));
}

export default {
  async fetch(request, env, ctx) {
    const config = getConfig(env);
    const url = new URL(request.url);
    // In production only our own host names are served: a forged Host never reaches a page or a link.
    if (!isOwnHost(config, url)) return errorResponse(new HttpError(421, t("errors.unknownHost")));
    if (isForeignWrite(request)) {
      return errorResponse(new HttpError(403, t("errors.foreignOrigin")));
    }
    if (url.pathname === "/ws") return connectUserRoom(request, env);
    if (url.pathname === DEV_SQL_PATH) {
      const answer = await handleDevSql(request, config, env.DB);
      if (answer) return answer;
    }
    const meetingSocket = MEETING_SOCKET_PATH.exec(url.pathname);
    if (meetingSocket) return connectMeetingRoom(request, env, meetingSocket[1]);

    const nonce = createNonce();
    // A kept page (ADR 0042 signed out, ADR 0043 signed in) when one is current; else rendered, and kept if it may be.
    const publicKey = publicPageKey(request);
    const signedInKey = publicKey ? null : await signedInPageKey(request, createDb(env.DB));
    const keptPage = publicKey ? servePublicPage(publicKey, nonce) : signedInKey ? serveSignedInPage(signedInKey, nonce) : null;
    let response =
      keptPage ??
      (await handleRemix(request, {
        cloudflare: { env, ctx, cf: request.cf as never, caches: caches as never },
        cspNonce: nonce,
      }));
    if (!keptPage && publicKey) response = await keepPublicPage(publicKey, response, nonce);
    if (!keptPage && signedInKey) response = await keepSignedInPage(signedInKey, response, nonce);
    // What a write audited is sealed into its workspace's hash chain once the answer is on its way (ADR 0023).
    if (request.method !== "GET" && request.method !== "HEAD") ctx.waitUntil(sealAuditChains(env));
    return withSecurityHeaders(response, {
      nonce,
      production: config.APP_ENV === "production",
      secure: url.protocol === "https:",
    });
  },

  async queue(batch, env, ctx) {
    for (const message of batch.messages) {
      try {
        await runJob(env, message.body, message.attempts);
        message.ack();
      } catch (error) {
        console.error(`Job ${message.body.type} failed (attempt ${message.attempts})`, error);
        ctx.waitUntil(captureWorkerError(env, error, { route: `queue: ${message.body.type}` }));
        // Exponential backoff: 10 s, 20 s, 40 s … until max_retries.
        message.retry({ delaySeconds: Math.min(10 * 2 ** (message.attempts - 1), 3600) });
      }
    }
    ctx.waitUntil(sealAuditChains(env));
  },

  async scheduled(controller, env) {
    // Awaited, not left to waitUntil: a run ends when its work does, so the next run (and a test's /__scheduled)
    // never overlaps it. Each job keeps to its own time budget and resumes next run.
    await Promise.all(scheduledWork(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env, JobMessage>;
