import { DEMO } from "~/modules/workspaces/demo-family";
import type { SeedStep } from "~/platform/module-manifest";
import { defaultSide, type Category } from "./categories";
import { parseStatement } from "./statements";

export const DEMO_ACCOUNT_ID = "b8e1d9f7-0001-4c6e-8d2a-5b7e9f100001";
const IMPORT_ID = "b8e1d9f7-0002-4c6e-8d2a-5b7e9f100002";
const RECONCILIATION_ID = "b8e1d9f7-0003-4c6e-8d2a-5b7e9f100003";
const RULE_ID = "b8e1d9f7-0004-4c6e-8d2a-5b7e9f100004";
const STATEMENT = "bank/pacific-coast-2026-09.ofx";
const txId = (n: number) => `b8e1d9f7-1${String(n).padStart(3, "0")}-4c6e-8d2a-5b7e9f100001`;

/** How the trustees accounted for September, by the bank's id. */
const ACCOUNTED: Record<string, { purpose: string; category: Category; party?: "owner" | "coTrustee"; partyName?: string; beneficiary?: boolean }> = {
  "DIV-0902": { purpose: "Quarterly dividend on the Bayview Securities portfolio", category: "dividends", partyName: "Bayview Securities" },
  CHK1043: { purpose: "Second-half property tax for Cedar Crest", category: "taxes", party: "owner", partyName: "Alameda County Tax Collector" },
  "ACH-77812": {
    purpose: "Fall tuition paid directly to the university (education distribution)",
    category: "distribution",
    party: "coTrustee",
    beneficiary: true,
  },
  "TRF-1209": { purpose: "Monthly support distribution approved by the trustees", category: "distribution", party: "owner" },
  "ACH-55120": { purpose: "Cedar Crest utilities for August", category: "utilities", partyName: "PG&E" },
  "ACH-IRS915": { purpose: "Form 1041 estimated tax, third quarter", category: "taxes", party: "coTrustee", partyName: "Internal Revenue Service" },
  "ACH-60311": { purpose: "Cedar Crest homeowners insurance premium", category: "insurance", partyName: "Acme Mutual" },
  CHK1044: { purpose: "Counsel's review of the first amendment", category: "professional_fees", party: "owner", partyName: "Law Offices of Priya Nair" },
  "INT-0928": { purpose: "Monthly interest on the trust's checking account", category: "interest" },
  "FEE-0930": { purpose: "Monthly account fee", category: "bank_fees", partyName: "Pacific Coast Bank" },
};

/**
 * The Hartwell trust's checking account with September imported through the product's own OFX parser,
 * every September transaction accounted for, reconciled to the statement's 61,483.83 and locked; one rule;
 * and two entries made by hand that the bank has not cleared yet, left for the visitor to account for.
 */
export const seed: SeedStep = ({ workspaceId: ws, now, sql: q, readFixture }) => {
  const { owner, coTrustee, beneficiary } = DEMO;
  const statement = parseStatement(readFixture(STATEMENT), "pacific-coast-2026-09.ofx", { currency: "USD" });
  const rows = statement.rows.map((row, i) => {
    const done = ACCOUNTED[row.bankId ?? ""];
    const partyUser = done?.party === "owner" ? owner : done?.party === "coTrustee" ? coTrustee : null;
    const partyName = done?.partyName ?? partyUser?.name ?? null;
    return `(${q(txId(i + 1))}, ${q(ws)}, ${q(DEMO_ACCOUNT_ID)}, ${q(IMPORT_ID)}, ${q(row.postedOn)}, ${q(row.description)}, ${q(row.payee ?? null)}, ${row.amountMinor}, 'USD',
      ${q(row.bankId ?? null)}, ${q(row.checkNumber ?? null)}, ${q(done?.purpose ?? null)}, ${q(done && !done.partyName ? (partyUser?.id ?? null) : null)}, ${q(partyName)}, NULL,
      ${q(done?.category ?? null)}, ${q(done ? defaultSide(done.category) : null)}, ${q(done?.beneficiary ? beneficiary.id : null)}, ${done ? "'reconciled'" : "'unreviewed'"}, 1,
      ${done ? q(RECONCILIATION_ID) : "NULL"}, ${done?.category === "interest" ? q(RULE_ID) : "NULL"}, ${now}, ${now})`;
  });
  const cleared = statement.rows.reduce((sum, r) => sum + r.amountMinor, 0);
  // The kept report in the shape the lock writes (reconciliations.server.ts), so the demo's PDF opens.
  const report = JSON.stringify({
    account: { name: "Hartwell Trust Checking", institution: "Pacific Coast Bank", lastFour: "0932", currency: "USD" },
    statementEndOn: "2026-09-30",
    openingBalanceMinor: 8421055,
    closingBalanceMinor: statement.ledgerBalanceMinor,
    clearedBalanceMinor: 8421055 + cleared,
    differenceMinor: (statement.ledgerBalanceMinor ?? 0) - (8421055 + cleared),
    items: statement.rows.map((r, i) => ({ id: txId(i + 1), postedOn: r.postedOn, description: r.description, amountMinor: r.amountMinor })),
    outstanding: [
      { id: txId(90), postedOn: "2026-09-29", description: "CHECK 1045 BAYVIEW ROOFING", amountMinor: -480000 },
      { id: txId(91), postedOn: "2026-09-30", description: "DEPOSIT CEDAR CREST RENT SEPTEMBER", amountMinor: 240000 },
    ],
    lockedAt: new Date(now).toISOString(),
    lockedBy: coTrustee.id,
  });
  return {
    statements: [
      `INSERT INTO bank_accounts (id, workspace_id, name, institution, last_four, type, currency, opening_balance_minor, opening_on, csv_mapping, created_by, created_at)
       VALUES (${q(DEMO_ACCOUNT_ID)}, ${q(ws)}, 'Hartwell Trust Checking', 'Pacific Coast Bank', '0932', 'checking', 'USD', 8421055, '2026-09-01', NULL, ${q(owner.id)}, ${now})
       ON CONFLICT(id) DO NOTHING;`,
      `INSERT INTO bank_imports (id, workspace_id, account_id, file_name, format, status, row_count, ledger_balance_minor, ledger_balance_on, imported, skipped, created_by, created_at, committed_at)
       VALUES (${q(IMPORT_ID)}, ${q(ws)}, ${q(DEMO_ACCOUNT_ID)}, 'pacific-coast-2026-09.ofx', 'ofx', 'committed', ${statement.rows.length}, ${statement.ledgerBalanceMinor ?? "NULL"},
               ${q(statement.ledgerBalanceOn ?? null)}, ${statement.rows.length}, 0, ${q(owner.id)}, ${now}, ${now})
       ON CONFLICT(id) DO NOTHING;`,
      `INSERT INTO bank_reconciliations (id, workspace_id, account_id, statement_end_on, closing_balance_minor, status, report, created_by, created_at, locked_at, locked_by)
       VALUES (${q(RECONCILIATION_ID)}, ${q(ws)}, ${q(DEMO_ACCOUNT_ID)}, '2026-09-30', ${statement.ledgerBalanceMinor ?? 0}, 'locked', ${q(report)}, ${q(coTrustee.id)}, ${now}, ${now}, ${q(coTrustee.id)})
       ON CONFLICT(id) DO NOTHING;`,
      `INSERT INTO bank_transactions (id, workspace_id, account_id, import_id, posted_on, description, payee, amount_minor, currency, bank_id, check_number, purpose,
         responsible_user_id, responsible_name, notes, category, principal_or_income, beneficiary_user_id, status, cleared, reconciliation_id, rule_id, created_at, updated_at)
       VALUES ${rows.join(",\n")},
         (${q(txId(90))}, ${q(ws)}, ${q(DEMO_ACCOUNT_ID)}, NULL, '2026-09-29', 'CHECK 1045 BAYVIEW ROOFING', 'BAYVIEW ROOFING', -480000, 'USD', NULL, '1045', NULL, NULL, NULL,
          'Deposit for the north slope; the bank has not cleared it yet.', NULL, NULL, NULL, 'unreviewed', 0, NULL, NULL, ${now}, ${now}),
         (${q(txId(91))}, ${q(ws)}, ${q(DEMO_ACCOUNT_ID)}, NULL, '2026-09-30', 'DEPOSIT CEDAR CREST RENT SEPTEMBER', NULL, 240000, 'USD', NULL, NULL, NULL, NULL, NULL,
          NULL, NULL, NULL, NULL, 'unreviewed', 0, NULL, NULL, ${now}, ${now})
       ON CONFLICT(id) DO NOTHING;`,
      `INSERT INTO bank_rules (id, workspace_id, position, name, conditions, actions, created_by, created_at)
       VALUES (${q(RULE_ID)}, ${q(ws)}, 1, 'Interest payments', ${q(JSON.stringify([{ field: "description", op: "contains", value: "INTEREST" }]))},
               ${q(JSON.stringify({ purpose: "Monthly interest on the trust's checking account", category: "interest", principalOrIncome: "income" }))}, ${q(owner.id)}, ${now})
       ON CONFLICT(id) DO NOTHING;`,
    ],
    summary: `1 bank account, ${statement.rows.length + 2} transactions, September reconciled and locked`,
  };
};
