import { eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { PreferencesInput } from "./validation";

/** Saves display choices on the profile so they follow the person to other devices. */
export async function savePreferences(ctx: RequestContext, session: CurrentSession, input: PreferencesInput) {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.language !== undefined) patch.language = input.language;
  if (input.theme !== undefined) patch.theme = input.theme;
  if (input.darkMode !== undefined) patch.darkMode = input.darkMode;
  await ctx.db.update(users).set(patch).where(eq(users.id, session.user.id));
}
