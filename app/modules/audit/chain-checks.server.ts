import { eq, sql } from "drizzle-orm";
import { createDb, type Db } from "~/platform/db.server";
import { auditRow } from "./audit.server";
import { type ChainVerification, sealPendingChains, walkChain } from "./chain.server";
import { GENESIS_HASH } from "./chain";
import { workspaces } from "~/modules/workspaces/schema";
import { auditChainChecks, auditLog } from "./schema";

const DAY = 86_400_000;
/** Entries one cron run walks across all chains: a few seconds of work, well inside a scheduled run's limits. */
export const CRON_VERIFY_BUDGET = 250_000;
/** And a few seconds of wall time: thousands of small chains must not hold the cron either. */
const CRON_TIME_BUDGET_MS = 8_000;

/**
 * The cron's part: seal what requests left unsealed, then continue (or start, once a day) the walk of each chain.
 * A walk longer than one run's budget is resumed at its cursor by the next run, 15 minutes later. A finished
 * walk is recorded, and audited in its own chain, so that a skipped or failed check shows too.
 */
export async function runAuditChainChecks(env: Env, now: Date): Promise<FinishedCheck[]> {
  const db = createDb(env.DB);
  const finished: FinishedCheck[] = [];
  await sealPendingChains(db);
  let budget = CRON_VERIFY_BUDGET;
  const deadline = Date.now() + CRON_TIME_BUDGET_MS;
  for (const chain of await chainsDue(db, now)) {
    if (budget <= 0 || Date.now() > deadline) break;
    const check = await db.select().from(auditChainChecks).where(eq(auditChainChecks.chain, chain)).get();
    const resuming = check?.cursorSeq != null && check.cursorHash != null;
    const from = resuming ? { seq: check.cursorSeq!, hash: check.cursorHash! } : { seq: 0, hash: GENESIS_HASH };
    const startedAt = resuming && check.startedAt ? check.startedAt : now;
    const walked = await walkChain(db, chain, from, budget);
    budget -= walked.entries;
    if (!walked.complete) {
      await saveCursor(db, chain, walked.position.seq, walked.position.hash, startedAt);
      continue;
    }
    const total = walked.position.seq;
    await finishCheck(db, chain, now, { ...walked, entries: total });
    finished.push({ chain, ok: walked.ok, entries: total, headSeq: walked.head.seq, headHash: walked.head.hash, brokenSeq: walked.brokenAt?.seq ?? null });
  }
  return finished;
}

/** A chain's walk that ended in this run: what the daily chain-head message tells the trustees. */
export interface FinishedCheck {
  /** The workspace id ('' for the chain of entries outside any workspace). */
  chain: string;
  ok: boolean;
  entries: number;
  headSeq: number;
  headHash: string;
  brokenSeq: number | null;
}

/**
 * Chains with a walk in progress, or whose last complete walk is a day old, or never walked. A workspace being
 * deleted is not walked: its chain is purged with it (and the purge notes its head in the platform's chain), and a
 * walk's own audit entry must not land in it after the purge.
 */
async function chainsDue(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ chain: sql<string>`c.chain` })
    .from(sql`(select distinct coalesce(${auditLog.workspaceId}, '') as chain from ${auditLog}) as c`)
    .leftJoin(auditChainChecks, sql`${auditChainChecks.chain} = c.chain`)
    .where(
      sql`(${auditChainChecks.cursorSeq} is not null or ${auditChainChecks.checkedAt} is null or ${auditChainChecks.checkedAt} <= ${now.getTime() - DAY})
        and (c.chain = '' or c.chain in (select ${workspaces.id} from ${workspaces} where ${workspaces.deletionRequestedAt} is null))`,
    )
    // Walks in progress first, then the longest unchecked: a run that stops at its budget leaves the rest to the next.
    .orderBy(sql`${auditChainChecks.cursorSeq} is null`, sql`coalesce(${auditChainChecks.checkedAt}, 0)`)
    .limit(200)
    .all();
  return rows.map((row) => row.chain);
}

async function saveCursor(db: Db, chain: string, seq: number, hash: string, startedAt: Date) {
  await db
    .insert(auditChainChecks)
    .values({ chain, cursorSeq: seq, cursorHash: hash, startedAt })
    .onConflictDoUpdate({ target: auditChainChecks.chain, set: { cursorSeq: seq, cursorHash: hash, startedAt } });
}

async function finishCheck(db: Db, chain: string, now: Date, verification: ChainVerification) {
  const done = {
    cursorSeq: null,
    cursorHash: null,
    startedAt: null,
    checkedAt: now,
    ok: verification.ok,
    entries: verification.entries,
    headSeq: verification.head.seq,
    headHash: verification.head.hash,
    brokenSeq: verification.brokenAt?.seq ?? null,
  };
  await db.batch([
    db
      .insert(auditChainChecks)
      .values({ chain, ...done })
      .onConflictDoUpdate({ target: auditChainChecks.chain, set: done }),
    db.insert(auditLog).values(
      auditRow({
        action: "audit.chain_verified",
        outcome: verification.ok ? "success" : "failure",
        workspaceId: chain || null,
        targetType: "audit_chain",
        metadata: { entries: verification.entries, headSeq: verification.head.seq, headHash: verification.head.hash, brokenSeq: done.brokenSeq },
      }),
    ),
  ]);
}

/** What the last complete daily walk of a chain found, for the audit page. */
export async function lastChainCheck(db: Db, chain: string) {
  const check = await db.select().from(auditChainChecks).where(eq(auditChainChecks.chain, chain)).get();
  if (!check?.checkedAt) return null;
  return {
    checkedAt: check.checkedAt.toISOString(),
    ok: check.ok ?? false,
    entries: check.entries ?? 0,
    headSeq: check.headSeq,
    headHash: check.headHash,
    brokenSeq: check.brokenSeq,
  };
}
