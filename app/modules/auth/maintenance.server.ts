import { lt } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { purgeExpiredRateLimits } from "~/platform/rate-limit.server";
import { authTokens } from "./schema";
import { pendingSignIns, webauthnChallenges } from "./second-factor/schema";
import { purgeExpiredSessions } from "./session.server";

/** Run by the cron trigger: expired sessions, tokens, pending sign-ins, challenges and rate-limit windows are deleted, not kept forever. */
export async function purgeExpired(db: Db): Promise<void> {
  await purgeExpiredSessions(db);
  await purgeExpiredRateLimits(db);
  await db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date()));
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
}
