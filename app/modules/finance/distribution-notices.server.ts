import { eq } from "drizzle-orm";
import { formatMinor } from "~/modules/banking/money";
import { notify, recipientsFor } from "~/modules/notifications/service.server";
import { trusteeIds } from "~/modules/workspaces/trustees.server";
import type { Db } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { financeDistributions } from "./schema";

export type DistributionNotice = "distribution_requested" | "distribution_decided" | "distribution_paid";

/**
 * Tells the people a step concerns: a new request goes to the trustees; a decision and a payment go to the
 * beneficiary (when she has a login), the requester and the trustees. The person who acted is not told of it.
 */
export async function tellAboutDistribution(deps: { db: Db; env: Env }, actor: { userId: string | null }, distributionId: string, type: DistributionNotice) {
  const { db, env } = deps;
  const d = await db.select().from(financeDistributions).where(eq(financeDistributions.id, distributionId)).get();
  if (!d) return;
  const trustees = await trusteeIds(db, d.workspaceId);
  const audience = type === "distribution_requested" ? trustees : [...trustees, d.beneficiaryUserId, d.requestedBy];
  const ids = [...new Set(audience.filter((id): id is string => Boolean(id) && id !== actor.userId))];
  // The beneficiary's own amount is hers to read; others in the audience are trustees, who see every request.
  await notify(
    { db, env, config: getConfig(env) },
    {
      workspaceId: d.workspaceId,
      type,
      recipients: await recipientsFor(db, ids),
      metadata: {
        distributionId: d.id,
        beneficiaryName: d.beneficiaryName,
        amount: formatMinor(d.amountMinor, d.currency, "en"),
        amountMinor: d.amountMinor,
        currency: d.currency,
        status: d.status,
      },
    },
  );
}
