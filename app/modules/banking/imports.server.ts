import { and, asc, eq, gte, lte } from "drizzle-orm";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { requireAccount } from "./accounts.server";
import { defaultSide, isCategory } from "./categories";
import { candidateWindow, classifyRows, type Classified } from "./duplicates";
import { lockedThrough } from "./reconciliations.server";
import { firstMatchingRule, type Rule } from "./rules";
import { bankImports, bankRules, bankTransactions } from "./schema";
import { parseStatement, proposeCsvMapping } from "./statements";
import { StatementError, type CsvMapping, type DateFormat, type GivenCsvMapping, type StatementRow } from "./statements/types";

/** Statements are small; anything bigger than this is not one. */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;

export interface PreviewRow extends Pick<StatementRow, "postedOn" | "description" | "amountMinor" | "currency" | "bankId"> {
  payee?: string;
  checkNumber?: string;
  counterpartyLastFour?: string;
  /** "locked": dated on or before the end of the account's latest locked period, so refused (never imported). */
  state: Classified["state"] | "locked";
  duplicateOf?: string;
  /** Why a "locked" row is refused, in the person's words: the period is locked, and who can unlock it. */
  refusal?: string;
}

export interface ImportPreview {
  /** Null when there is nothing to commit yet (`needsMapping`). */
  importId: string | null;
  format: string;
  proposedMapping?: CsvMapping;
  /** Set when the file's dates read as more than one format: the person chooses before anything is imported. */
  ambiguousDateFormats?: DateFormat[];
  /** A CSV's header names, for the person to choose columns from. */
  csvHeaders?: string[];
  /**
   * The CSV's columns could not be told apart (headers in no language we know): nothing was read, and the
   * person chooses the date, description and amount columns from `csvHeaders`, starting from `proposedMapping`.
   */
  needsMapping?: true;
  rows: PreviewRow[];
  ledgerBalanceMinor?: number;
  ledgerBalanceOn?: string;
  /** The end of the account's latest locked period, when some rows are dated on or before it (those are refused). */
  lockedThrough?: string;
}

const previewKey = (workspaceId: string, importId: string) => `ws/${workspaceId}/bank-imports/${importId}/preview.json`;
const originalKey = (workspaceId: string, importId: string) => `ws/${workspaceId}/bank-imports/${importId}/statement`;

/**
 * Reads a statement file into a preview: every row new, a duplicate (of which) or a possible duplicate.
 * Nothing reaches the books until the person commits it. The file and the preview are kept in R2 (a
 * preview can be 10,000 rows, more than a D1 row holds).
 */
export async function previewImport(
  ctx: RequestContext,
  access: BankingAccess,
  accountId: string,
  file: { name: string; bytes: Uint8Array; type: string },
  options: { mapping?: GivenCsvMapping; dateFormat?: DateFormat },
  t: (key: string, values?: Record<string, unknown>) => string,
): Promise<ImportPreview> {
  requireManage(access);
  const account = await requireAccount(ctx.db, access, accountId);
  if (file.bytes.byteLength === 0) throw new Refusal(400, "import.errors.empty");
  if (file.bytes.byteLength > STATEMENT_MAX_BYTES) throw new Refusal(413, "import.errors.tooLarge", { mib: STATEMENT_MAX_BYTES / 1024 / 1024 });

  const savedMapping = account.csvMapping as CsvMapping | null;
  const parse = (mapping: GivenCsvMapping | undefined) =>
    parseStatement(file.bytes, file.name, { currency: account.currency, mapping, dateFormat: options.dateFormat });
  let parsed;
  try {
    try {
      parsed = parse(options.mapping ?? savedMapping ?? undefined);
    } catch (error) {
      // The account's saved columns do not fit this file (the bank changed its export, or another bank's
      // file): read it afresh, as a first CSV, rather than refuse it.
      const savedDidNotFit = error instanceof StatementError && error.key === "import.errors.mappingMissingColumn" && !options.mapping && savedMapping;
      if (!savedDidNotFit) throw error;
      parsed = parse(undefined);
    }
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    const draft = error.key === "import.errors.mappingIncomplete" && !options.mapping ? csvDraft(file.bytes) : undefined;
    if (draft) return { importId: null, format: "csv", needsMapping: true, proposedMapping: draft.draft, csvHeaders: draft.headers, rows: [] };
    throw new Refusal(422, error.key, shortValues(error.values));
  }
  const foreign = parsed.rows.find((r) => r.currency !== account.currency);
  if (foreign) throw new Refusal(422, "import.errors.currencyMismatch", { file: foreign.currency, account: account.currency });

  const window = candidateWindow(parsed.rows);
  const existing = window
    ? await ctx.db
        .select({
          id: bankTransactions.id,
          postedOn: bankTransactions.postedOn,
          description: bankTransactions.description,
          payee: bankTransactions.payee,
          amountMinor: bankTransactions.amountMinor,
          bankId: bankTransactions.bankId,
        })
        .from(bankTransactions)
        .where(and(eq(bankTransactions.accountId, account.id), gte(bankTransactions.postedOn, window.from), lte(bankTransactions.postedOn, window.to)))
    : [];
  const states = parsed.ambiguousDateFormats?.length ? [] : classifyRows(parsed.rows, existing);
  // Rows inside a reconciled, locked period are listed but refused, whatever else they are (new or a duplicate).
  const through = await lockedThrough(ctx.db, account.id);
  const refusal = through ? t("import.rowLocked", { date: through }) : undefined;
  const rows: PreviewRow[] = parsed.ambiguousDateFormats?.length
    ? []
    : parsed.rows.map((r, i) => ({
        postedOn: r.postedOn,
        description: r.description,
        payee: r.payee,
        checkNumber: r.checkNumber,
        counterpartyLastFour: r.counterpartyLastFour,
        amountMinor: r.amountMinor,
        currency: r.currency,
        bankId: r.bankId,
        ...states[i],
        ...(through && r.postedOn <= through ? { state: "locked" as const, refusal } : {}),
      }));

  const importId = crypto.randomUUID();
  const preview: ImportPreview = {
    importId,
    format: parsed.format,
    ...(parsed.format === "csv" && parsed.mapping ? { proposedMapping: parsed.mapping, csvHeaders: csvHeaders(file.bytes) } : {}),
    ...(parsed.ambiguousDateFormats?.length ? { ambiguousDateFormats: parsed.ambiguousDateFormats } : {}),
    rows,
    ...(parsed.ledgerBalanceMinor != null ? { ledgerBalanceMinor: parsed.ledgerBalanceMinor, ledgerBalanceOn: parsed.ledgerBalanceOn } : {}),
    ...(through && rows.some((r) => r.state === "locked") ? { lockedThrough: through } : {}),
  };
  await Promise.all([
    ctx.env.FILES.put(originalKey(access.workspaceId, importId), file.bytes, { httpMetadata: { contentType: file.type || "application/octet-stream" } }),
    ctx.env.FILES.put(previewKey(access.workspaceId, importId), JSON.stringify({ ...preview, mapping: parsed.mapping ?? null }), {
      httpMetadata: { contentType: "application/json" },
    }),
  ]);
  await ctx.db.insert(bankImports).values({
    id: importId,
    workspaceId: access.workspaceId,
    accountId: account.id,
    fileName: file.name.slice(0, 255),
    format: parsed.format,
    status: "preview",
    rowCount: rows.length,
    ledgerBalanceMinor: parsed.ledgerBalanceMinor ?? null,
    ledgerBalanceOn: parsed.ledgerBalanceOn ?? null,
    createdBy: access.userId,
    createdAt: new Date(),
  });
  return preview;
}

/** A refusal's values as the sentence shows them: a cell quoted back is cut short (a file's cell can be any length). */
function shortValues(values: Record<string, unknown> | undefined) {
  if (!values) return values;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" && v.length > 60 ? `${v.slice(0, 60)}…` : v]));
}

function csvDraft(bytes: Uint8Array) {
  try {
    return proposeCsvMapping(bytes);
  } catch {
    return undefined;
  }
}

function csvHeaders(bytes: Uint8Array): string[] | undefined {
  try {
    return proposeCsvMapping(bytes).headers;
  } catch {
    return undefined;
  }
}

/** Per row (by its index in the preview): import it or skip it, overriding what the preview proposed. */
export type ImportOverrides = Record<string, "import" | "skip">;

/** Rows per INSERT … SELECT FROM json_each(?): one bound parameter each, so 10,000 rows are five statements. */
const ROWS_PER_STATEMENT = 2000;

/**
 * Commits a previewed import in one D1 batch: all of it or none. New rows are imported, duplicates and
 * possible duplicates skipped unless the person said otherwise; a skipped row that matched an entry made
 * by hand gives that entry the bank's id and clears it. Rules fill in what they can.
 */
export async function commitImport(ctx: RequestContext, access: BankingAccess, importId: string, overrides: ImportOverrides = {}) {
  requireManage(access);
  const record = isUuid(importId)
    ? await ctx.db
        .select()
        .from(bankImports)
        .where(and(eq(bankImports.id, importId), eq(bankImports.workspaceId, access.workspaceId)))
        .get()
    : undefined;
  if (!record) throw new Refusal(404, "errors.importNotFound");
  if (record.status === "committed") throw new Refusal(409, "errors.importCommitted");
  const object = await ctx.env.FILES.get(previewKey(access.workspaceId, importId));
  if (!object) throw new Refusal(404, "errors.importNotFound");
  const preview = (await object.json()) as ImportPreview & { mapping: CsvMapping | null };
  if (preview.ambiguousDateFormats?.length) throw new Refusal(409, "import.errors.dateFormatUndecided");
  for (const key of Object.keys(overrides)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= preview.rows.length) throw new Refusal(400, "errors.overrideRow", { row: key });
  }

  // Checked now, not at preview: the period may have been locked since. Nothing dated inside it is imported, and no
  // entry inside it is cleared by adoption; a row the person asks to import anyway is refused with the reason.
  const through = await lockedThrough(ctx.db, record.accountId);
  const inLockedPeriod = (row: PreviewRow) => through !== null && row.postedOn <= through;
  for (const [key, decision] of Object.entries(overrides)) {
    const row = preview.rows[Number(key)];
    if (decision === "import" && inLockedPeriod(row)) throw new Refusal(409, "import.errors.rowLocked", { row: Number(key) + 1, date: through });
  }

  const rules = (await ctx.db.select().from(bankRules).where(eq(bankRules.workspaceId, access.workspaceId)).orderBy(asc(bankRules.position))) as Rule[];
  const now = Date.now();
  const inserts: Record<string, unknown>[] = [];
  const adopted: { id: string; bankId: string }[] = [];
  let locked = 0;
  preview.rows.forEach((row, index) => {
    if (row.state === "locked" || inLockedPeriod(row)) {
      locked++;
      return;
    }
    const decision = overrides[String(index)] ?? (row.state === "new" ? "import" : "skip");
    if (decision === "skip") {
      if (row.duplicateOf && row.bankId) adopted.push({ id: row.duplicateOf, bankId: row.bankId });
      return;
    }
    const rule = firstMatchingRule(rules, { accountId: record.accountId, postedOn: row.postedOn, description: row.description, amountMinor: row.amountMinor });
    const category = rule?.actions.category && isCategory(rule.actions.category) ? rule.actions.category : null;
    const purpose = rule?.actions.purpose ?? null;
    inserts.push({
      id: crypto.randomUUID(),
      posted_on: row.postedOn,
      description: row.description,
      payee: row.payee ?? null,
      amount_minor: row.amountMinor,
      currency: row.currency,
      // A row the person imports although its id is already in the books keeps its text, not the id.
      bank_id: row.state === "duplicate" && row.bankId ? null : (row.bankId ?? null),
      check_number: row.checkNumber ?? null,
      counterparty_last_four: row.counterpartyLastFour ?? null,
      purpose,
      responsible_user_id: rule?.actions.responsibleParty?.userId ?? null,
      responsible_name: rule?.actions.responsibleParty?.name ?? null,
      notes: rule?.actions.note ?? null,
      category,
      principal_or_income: rule?.actions.principalOrIncome ?? (category ? defaultSide(category) : null),
      status: purpose ? "accounted" : "unreviewed",
      rule_id: rule?.id ?? null,
    });
  });

  // The import is claimed first, in the same batch: a second commit of it (a double click, two tabs) finds
  // it claimed by another token and inserts nothing, because a D1 batch runs as one transaction.
  const token = crypto.randomUUID();
  const statements: D1PreparedStatement[] = [
    ctx.env.DB.prepare("UPDATE bank_imports SET status = 'committed', committed_at = ?1, commit_token = ?2 WHERE id = ?3 AND status = 'preview'").bind(
      now,
      token,
      importId,
    ),
  ];
  // Each insert and adoption also checks the lock itself: never into a period locked since the check above.
  for (let start = 0; start < inserts.length; start += ROWS_PER_STATEMENT) {
    statements.push(
      ctx.env.DB.prepare(
        `INSERT INTO bank_transactions (id, workspace_id, account_id, import_id, posted_on, description, payee, amount_minor, currency, bank_id,
           check_number, counterparty_last_four, purpose, responsible_user_id, responsible_name, notes, category, principal_or_income, status, cleared, rule_id,
           created_at, updated_at)
         SELECT value->>'id', ?2, ?3, ?4, value->>'posted_on', value->>'description', value->>'payee', value->>'amount_minor', value->>'currency',
           value->>'bank_id', value->>'check_number', value->>'counterparty_last_four', value->>'purpose', value->>'responsible_user_id', value->>'responsible_name', value->>'notes',
           value->>'category', value->>'principal_or_income', value->>'status', 1, value->>'rule_id', ?5, ?5
         FROM json_each(?1)
         WHERE EXISTS (SELECT 1 FROM bank_imports WHERE id = ?4 AND commit_token = ?6)
           AND NOT EXISTS (SELECT 1 FROM bank_reconciliations r WHERE r.account_id = ?3 AND r.status = 'locked' AND r.statement_end_on >= value->>'posted_on')
         ON CONFLICT DO NOTHING
         RETURNING id`,
      ).bind(JSON.stringify(inserts.slice(start, start + ROWS_PER_STATEMENT)), access.workspaceId, record.accountId, importId, now, token),
    );
  }
  for (const { id, bankId } of adopted) {
    statements.push(
      ctx.env.DB.prepare(
        `UPDATE bank_transactions SET bank_id = ?1, cleared = 1, updated_at = ?2
         WHERE id = ?3 AND account_id = ?4 AND bank_id IS NULL AND reconciliation_id IS NULL
           AND EXISTS (SELECT 1 FROM bank_imports WHERE id = ?5 AND commit_token = ?6)
           AND NOT EXISTS (SELECT 1 FROM bank_reconciliations r WHERE r.account_id = ?4 AND r.status = 'locked' AND r.statement_end_on >= bank_transactions.posted_on)`,
      ).bind(bankId, now, id, record.accountId, importId, token),
    );
  }
  if (record.format === "csv" && preview.mapping) {
    // The confirmed mapping is the account's from now on: the next CSV is read without asking.
    statements.push(ctx.env.DB.prepare("UPDATE bank_accounts SET csv_mapping = ?1 WHERE id = ?2").bind(JSON.stringify(preview.mapping), record.accountId));
  }
  const results = await ctx.env.DB.batch(statements);
  if ((results[0].meta.changes ?? 0) === 0) throw new Refusal(409, "errors.importCommitted");
  // The rows each insert returned: D1's `changes` also counts what triggers wrote (migration 0029).
  const imported = results.slice(1, 1 + Math.ceil(inserts.length / ROWS_PER_STATEMENT)).reduce((sum, r) => sum + (r.results?.length ?? 0), 0);
  const skipped = preview.rows.length - imported;
  await ctx.db.update(bankImports).set({ imported, skipped }).where(eq(bankImports.id, importId));
  await auditBanking(
    ctx,
    access,
    "banking.statement_imported",
    { type: "bank_account", id: record.accountId },
    { importId, file: record.fileName, imported, skipped, ...(locked ? { lockedRefused: locked } : {}) },
  );
  // `locked`: rows dated inside a locked period, refused (counted in `skipped` too).
  return { imported, skipped, ...(locked ? { locked } : {}) };
}
