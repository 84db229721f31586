import { and, asc, eq, sql } from "drizzle-orm";
import { bankAccounts } from "~/modules/banking/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditFinance, requireManage, requireReadAll, type FinanceAccess } from "./access.server";
import type { AssetKind, ValuationSource } from "./constants";
import { financeAssets, financeValuations } from "./schema";

export interface ValuationView {
  id: string;
  valuedOn: string;
  carryingMinor: number;
  currentMinor: number;
  source: ValuationSource;
  note: string | null;
}

export interface AssetView {
  id: string;
  name: string;
  kind: AssetKind;
  /** "bank": a trust account from banking, valued at its balance, live; "manual": entered and valued by hand. */
  origin: "bank" | "manual";
  description: string | null;
  currency: string;
  acquiredOn: string;
  disposedOn: string | null;
  disposalProceedsMinor: number | null;
  /** The latest valuation (for a bank account, today's balance). */
  carryingMinor: number;
  currentMinor: number;
  valuedOn: string | null;
  /** Oldest first. */
  valuations: ValuationView[];
}

/** Liabilities count against what the trust is worth. */
export const signedValue = (kind: AssetKind, minor: number) => (kind === "liability" ? -minor : minor);

/** What an asset was valued at on a day: its latest valuation on or before it; null when not held that day. */
export function valueOn(asset: Pick<AssetView, "acquiredOn" | "disposedOn" | "valuations">, day: string): ValuationView | null {
  if (asset.acquiredOn > day || (asset.disposedOn && asset.disposedOn <= day)) return null;
  let found: ValuationView | null = null;
  for (const valuation of asset.valuations) if (valuation.valuedOn <= day) found = valuation;
  return found;
}

/** Every asset of the trust: its bank accounts (from banking) and what was entered by hand, with their valuations. */
export async function listAssets(db: Db, access: FinanceAccess, today = new Date().toISOString().slice(0, 10)): Promise<AssetView[]> {
  requireReadAll(access);
  const [accounts, assets, valuations] = await db.batch([
    db
      .select({
        account: bankAccounts,
        total: sql<number>`coalesce((select sum(t.amount_minor) from bank_transactions t where t.account_id = "bank_accounts"."id"), 0)`,
      })
      .from(bankAccounts)
      .where(eq(bankAccounts.workspaceId, access.workspaceId))
      .orderBy(asc(bankAccounts.createdAt)),
    db.select().from(financeAssets).where(eq(financeAssets.workspaceId, access.workspaceId)).orderBy(asc(financeAssets.createdAt)),
    db
      .select()
      .from(financeValuations)
      .where(eq(financeValuations.workspaceId, access.workspaceId))
      .orderBy(asc(financeValuations.valuedOn), asc(financeValuations.createdAt)),
  ]);
  const byAsset = new Map<string, ValuationView[]>();
  for (const v of valuations) {
    const list = byAsset.get(v.assetId) ?? [];
    list.push({ id: v.id, valuedOn: v.valuedOn, carryingMinor: v.carryingMinor, currentMinor: v.currentMinor, source: v.source, note: v.note });
    byAsset.set(v.assetId, list);
  }
  const cash: AssetView[] = accounts.map(({ account, total }) => {
    const balance = account.openingBalanceMinor + Number(total);
    return {
      id: account.id,
      name: `${account.name} ··${account.lastFour}`,
      kind: "cash",
      origin: "bank",
      description: account.institution,
      currency: account.currency,
      acquiredOn: account.openingOn,
      disposedOn: null,
      disposalProceedsMinor: null,
      carryingMinor: balance,
      currentMinor: balance,
      valuedOn: today,
      valuations: [],
    };
  });
  const manual: AssetView[] = assets.map((asset) => {
    const history = byAsset.get(asset.id) ?? [];
    const latest = history.at(-1);
    return {
      id: asset.id,
      name: asset.name,
      kind: asset.kind,
      origin: "manual",
      description: asset.description,
      currency: asset.currency,
      acquiredOn: asset.acquiredOn,
      disposedOn: asset.disposedOn,
      disposalProceedsMinor: asset.disposalProceedsMinor,
      carryingMinor: latest?.carryingMinor ?? 0,
      currentMinor: latest?.currentMinor ?? 0,
      valuedOn: latest?.valuedOn ?? null,
      valuations: history,
    };
  });
  return [...cash, ...manual];
}

export interface NewAsset {
  name: string;
  kind: AssetKind;
  description?: string | null;
  currency: string;
  acquiredOn: string;
  carryingMinor: number;
  currentMinor: number;
  valuedOn?: string;
}

export async function createAsset(ctx: RequestContext, access: FinanceAccess, input: NewAsset): Promise<{ id: string }> {
  requireManage(access);
  const id = crypto.randomUUID();
  const now = new Date();
  await ctx.db.batch([
    ctx.db.insert(financeAssets).values({
      id,
      workspaceId: access.workspaceId,
      name: input.name,
      kind: input.kind,
      description: input.description ?? null,
      currency: input.currency,
      acquiredOn: input.acquiredOn,
      createdBy: access.userId,
      createdAt: now,
    }),
    ctx.db.insert(financeValuations).values({
      id: crypto.randomUUID(),
      assetId: id,
      workspaceId: access.workspaceId,
      valuedOn: input.valuedOn ?? input.acquiredOn,
      carryingMinor: input.carryingMinor,
      currentMinor: input.currentMinor,
      source: "manual",
      createdBy: access.userId,
      createdAt: now,
    }),
  ]);
  await auditFinance(
    ctx,
    access,
    "finance.asset_created",
    { type: "finance_asset", id },
    { name: input.name, kind: input.kind, currentMinor: input.currentMinor },
  );
  return { id };
}

/** An asset entered by hand in the caller's workspace; otherwise 404 (a bank account is valued by banking). */
export async function requireAsset(db: Db, access: FinanceAccess, id: string) {
  const asset = isUuid(id)
    ? await db
        .select()
        .from(financeAssets)
        .where(and(eq(financeAssets.id, id), eq(financeAssets.workspaceId, access.workspaceId)))
        .get()
    : undefined;
  if (!asset) throw new Refusal(404, "errors.assetNotFound");
  return asset;
}

export async function addValuation(
  ctx: RequestContext,
  access: FinanceAccess,
  assetId: string,
  input: { valuedOn: string; carryingMinor: number; currentMinor: number; source: ValuationSource; note?: string | null },
): Promise<{ id: string }> {
  requireManage(access);
  const asset = await requireAsset(ctx.db, access, assetId);
  if (input.valuedOn < asset.acquiredOn) throw new Refusal(422, "validation.valuedBeforeAcquired", undefined, { valuedOn: "validation.valuedBeforeAcquired" });
  if (asset.disposedOn && input.valuedOn > asset.disposedOn) throw new Refusal(422, "errors.assetDisposed");
  const id = crypto.randomUUID();
  await ctx.db.insert(financeValuations).values({
    id,
    assetId,
    workspaceId: access.workspaceId,
    valuedOn: input.valuedOn,
    carryingMinor: input.carryingMinor,
    currentMinor: input.currentMinor,
    source: input.source,
    note: input.note ?? null,
    createdBy: access.userId,
    createdAt: new Date(),
  });
  await auditFinance(
    ctx,
    access,
    "finance.asset_valued",
    { type: "finance_asset", id: assetId },
    { valuedOn: input.valuedOn, currentMinor: input.currentMinor },
  );
  return { id };
}

/** Sold, given away or paid off: kept for the periods it was held; the gain or loss is proceeds less carrying value. */
export async function disposeAsset(ctx: RequestContext, access: FinanceAccess, assetId: string, input: { disposedOn: string; proceedsMinor: number }) {
  requireManage(access);
  const asset = await requireAsset(ctx.db, access, assetId);
  if (asset.disposedOn) throw new Refusal(409, "errors.assetDisposed");
  if (input.disposedOn < asset.acquiredOn)
    throw new Refusal(422, "validation.disposedBeforeAcquired", undefined, { disposedOn: "validation.disposedBeforeAcquired" });
  await ctx.db
    .update(financeAssets)
    .set({ disposedOn: input.disposedOn, disposalProceedsMinor: input.proceedsMinor })
    .where(and(eq(financeAssets.id, assetId), eq(financeAssets.workspaceId, access.workspaceId)));
  await auditFinance(
    ctx,
    access,
    "finance.asset_disposed",
    { type: "finance_asset", id: assetId },
    { disposedOn: input.disposedOn, proceedsMinor: input.proceedsMinor },
  );
  return { id: assetId };
}
