import { and, eq } from "drizzle-orm";
import { detectFileKind, FILE_KINDS } from "~/modules/documents/file-types";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { bankReceipts } from "./schema";
import { requireTransaction } from "./transactions.server";

export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** Receipts are pictures or PDFs, recognised by their first bytes whatever the name or type says. */
const RECEIPT_KINDS = new Set(["pdf", "png", "jpeg"]);

/** Keeps a receipt or invoice with a transaction (R2, under the workspace). A locked transaction takes none. */
export async function addReceipt(ctx: RequestContext, access: BankingAccess, transactionId: string, file: File | null) {
  requireManage(access);
  const tx = await requireTransaction(ctx.db, access, transactionId);
  if (tx.locked) throw new Refusal(409, "errors.transactionLocked");
  if (!file || file.size === 0) throw new Refusal(400, "receipts.errors.missing");
  if (file.size > RECEIPT_MAX_BYTES) throw new Refusal(413, "receipts.errors.tooLarge", { mib: RECEIPT_MAX_BYTES / 1024 / 1024 });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectFileKind(bytes.subarray(0, 4096), file.name);
  if (!kind || !RECEIPT_KINDS.has(kind)) throw new Refusal(415, "receipts.errors.type");
  const info = FILE_KINDS[kind];
  const id = crypto.randomUUID();
  const storageKey = `ws/${access.workspaceId}/receipts/${tx.id}/${id}.${info.extension}`;
  await ctx.env.FILES.put(storageKey, bytes, {
    httpMetadata: { contentType: info.mimeType },
    customMetadata: { workspaceId: access.workspaceId, transactionId: tx.id },
  });
  const receipt = {
    id,
    transactionId: tx.id,
    workspaceId: access.workspaceId,
    storageKey,
    fileName: file.name.slice(0, 255) || `receipt.${info.extension}`,
    contentType: info.mimeType,
    sizeBytes: bytes.byteLength,
    uploadedBy: access.userId,
    createdAt: new Date(),
  };
  await ctx.db.insert(bankReceipts).values(receipt);
  await auditBanking(ctx, access, "banking.receipt_added", { type: "bank_transaction", id: tx.id }, { receiptId: id, fileName: receipt.fileName });
  return { id, fileName: receipt.fileName, contentType: receipt.contentType };
}

/** A receipt's file, for those who may see its transaction. */
export async function readReceipt(ctx: { db: Db; env: Env }, access: BankingAccess, id: string) {
  const receipt = isUuid(id)
    ? await ctx.db
        .select()
        .from(bankReceipts)
        .where(and(eq(bankReceipts.id, id), eq(bankReceipts.workspaceId, access.workspaceId)))
        .get()
    : undefined;
  if (!receipt) throw new Refusal(404, "receipts.errors.notFound");
  // Seeing the receipt is seeing its transaction (a beneficiary: only her own sub-ledger's).
  await requireTransaction(ctx.db, access, receipt.transactionId).catch(() => {
    throw new Refusal(404, "receipts.errors.notFound");
  });
  const object = await ctx.env.FILES.get(receipt.storageKey);
  if (!object) throw new Refusal(404, "receipts.errors.notFound");
  return { object, receipt };
}
