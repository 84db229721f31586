/** The banking domain's fixed lists, safe in the browser (schema.ts uses them for its columns). */
export const ACCOUNT_TYPES = ["checking", "savings", "brokerage_cash", "other"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const TRANSACTION_STATUSES = ["unreviewed", "accounted", "reconciled"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const PRINCIPAL_OR_INCOME = ["principal", "income"] as const;
export type PrincipalOrIncome = (typeof PRINCIPAL_OR_INCOME)[number];

/** The most parts one transaction may be divided into. */
export const MAX_SPLIT_PARTS = 50;
