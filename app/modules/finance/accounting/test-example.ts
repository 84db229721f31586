import { createInstance } from "i18next";
import en from "../../../../public/locales/en/accounting.json";
import ja from "../../../../public/locales/ja/accounting.json";
import { i18nConfig } from "~/i18n";
import type { AccountingInput, EntryInput, Translate } from "./types";

/** `t` for the accounting namespace in tests: the same strings the product shows. */
export function accountingT(lng: "en" | "ja" = "en"): Translate {
  const i18n = createInstance();
  void i18n.init({ ...i18nConfig, lng, resources: { en: { accounting: en }, ja: { accounting: ja } }, initImmediate: false });
  return i18n.getFixedT(lng, "accounting") as Translate;
}

const entry = (e: Omit<EntryInput, "principalMinor" | "incomeMinor"> & Partial<EntryInput>, side: "principal" | "income" = "income"): EntryInput => ({
  principalMinor: side === "principal" ? e.amountMinor : 0,
  incomeMinor: side === "income" ? e.amountMinor : 0,
  ...e,
});

/**
 * A year of a small trust, worked by hand (see compute.test.ts for the figures): checking account, shares
 * sold at a gain, a car sold at a loss, a house, a bond bought; compensation split between the sides.
 */
export function handExample(): AccountingInput {
  return {
    trust: { name: "The Hartwell Family Trust", trustees: ["Jane Doe", "Zoë Ångström"], currency: "USD" },
    period: { from: "2025-01-01", to: "2025-12-31", reason: "annual" },
    jurisdiction: "CA",
    openingIncomeMinor: 1_000_000,
    assets: [
      {
        id: "a-cash",
        name: "Checking at First Bank",
        kind: "cash",
        start: { carryingMinor: 2_000_000, currentMinor: 2_000_000, valuedOn: "2024-12-31" },
        end: { carryingMinor: 2_451_630, currentMinor: 2_451_630, valuedOn: "2025-12-31" },
      },
      {
        id: "a-acme",
        name: "Acme Corp, 100 shares",
        kind: "security",
        start: { carryingMinor: 1_000_000, currentMinor: 1_500_000, valuedOn: "2024-12-31" },
        end: null,
      },
      {
        id: "a-house",
        name: "House at 12 Elm Street",
        kind: "real_estate",
        start: { carryingMinor: 30_000_000, currentMinor: 45_000_000, valuedOn: "2024-06-30" },
        end: { carryingMinor: 30_000_000, currentMinor: 47_500_000, valuedOn: "2025-06-30" },
      },
      {
        id: "a-car",
        name: "2015 sedan",
        kind: "vehicle",
        start: { carryingMinor: 300_000, currentMinor: 200_000, valuedOn: "2024-12-31" },
        end: null,
      },
      {
        id: "a-bond",
        name: "US Treasury note 2030",
        kind: "security",
        start: null,
        end: { carryingMinor: 500_000, currentMinor: 510_000, valuedOn: "2025-12-31" },
      },
    ],
    entries: [
      entry({ id: "e01", on: "2025-02-15", description: "Acme dividend", category: "dividends", amountMinor: 12_345, kind: "receipt" }),
      entry({ id: "e02", on: "2025-03-01", description: "Checking interest", category: "interest", amountMinor: 1_001, kind: "receipt" }),
      entry(
        { id: "e03", on: "2025-04-10", description: "Addition by the settlor", category: "contributions", amountMinor: 250_000, kind: "receipt" },
        "principal",
      ),
      entry({
        id: "e04",
        on: "2025-06-30",
        description: "Oil royalty",
        category: null,
        amountMinor: 10_000,
        principalMinor: 1_000,
        incomeMinor: 9_000,
        kind: "receipt",
      }),
      entry({ id: "e05", on: "2025-05-20", description: "Property tax", category: "taxes", amountMinor: -43_210, kind: "disbursement" }),
      entry({
        id: "e06",
        on: "2025-06-15",
        description: "Legal advice on the sale",
        category: "professional_fees",
        amountMinor: -150_000,
        principalMinor: -100_000,
        incomeMinor: -50_000,
        kind: "disbursement",
        agent: { name: "Hale & Ortiz LLP", relationship: "None" },
      }),
      entry({
        id: "e07",
        on: "2025-12-31",
        description: "Trustee fee 2025",
        category: "trustee_compensation",
        amountMinor: -200_000,
        principalMinor: -100_000,
        incomeMinor: -100_000,
        kind: "disbursement",
        agent: { name: "Jane Doe", relationship: "Trustee" },
      }),
      entry({ id: "e08", on: "2025-07-01", description: "Homeowner's insurance", category: "insurance", amountMinor: -75_050, kind: "disbursement" }),
      entry(
        {
          id: "e09",
          on: "2025-08-01",
          description: "Quarterly distribution",
          category: "distribution",
          amountMinor: -100_000,
          kind: "distribution",
          beneficiary: { id: "b1", name: "Zoë Ångström" },
        },
        "income",
      ),
      entry(
        {
          id: "e10",
          on: "2025-11-01",
          description: "Tuition",
          category: "distribution",
          amountMinor: -50_000,
          kind: "distribution",
          beneficiary: { id: "b1", name: "Zoë Ångström" },
        },
        "principal",
      ),
      entry(
        {
          id: "e11",
          on: "2025-09-01",
          description: "Quarterly distribution",
          category: "distribution",
          amountMinor: -30_000,
          kind: "distribution",
          beneficiary: { id: "b2", name: "山田 花子" },
        },
        "income",
      ),
      entry({ id: "e12", on: "2025-03-15", description: "Sale of Acme shares", category: "sales", amountMinor: 1_200_000, kind: "transfer" }, "principal"),
      entry(
        { id: "e13", on: "2025-03-20", description: "Purchase of Treasury note", category: "transfer", amountMinor: -500_000, kind: "transfer" },
        "principal",
      ),
      entry({ id: "e14", on: "2025-04-01", description: "To savings", category: "transfer", amountMinor: -10_000, kind: "transfer" }, "principal"),
      entry({ id: "e15", on: "2025-04-01", description: "From checking", category: "transfer", amountMinor: 10_000, kind: "transfer" }, "principal"),
      entry({ id: "e16", on: "2025-10-01", description: "Sale of the sedan", category: "sales", amountMinor: 250_000, kind: "transfer" }, "principal"),
      entry({ id: "e17", on: "2025-09-15", description: "Roof replacement", category: "repairs", amountMinor: -123_456, kind: "disbursement" }, "principal"),
    ],
    dispositions: [
      { assetId: "a-acme", assetName: "Acme Corp, 100 shares", on: "2025-03-15", proceedsMinor: 1_200_000, carryingMinor: 1_000_000, side: "principal" },
      { assetId: "a-car", assetName: "2015 sedan", on: "2025-10-01", proceedsMinor: 250_000, carryingMinor: 300_000, side: "principal" },
    ],
  };
}

/** `count` entries of every kind (about 1 in 10 a transfer), spread over the year, and `assets` assets. */
export function largeExample(count: number, assets = 100): AccountingInput {
  const base = handExample();
  const kinds = [
    "receipt",
    "receipt",
    "receipt",
    "disbursement",
    "disbursement",
    "disbursement",
    "distribution",
    "distribution",
    "transfer",
    "receipt",
  ] as const;
  const categories = ["dividends", "interest", "rent", "taxes", "insurance", "repairs", null];
  const entries: EntryInput[] = Array.from({ length: count }, (_, i) => {
    const kind = kinds[i % kinds.length];
    const sign = kind === "receipt" ? 1 : -1;
    const amountMinor = sign * (100 + ((i * 7919) % 500_000));
    const principalMinor = i % 3 === 0 ? amountMinor : i % 3 === 1 ? 0 : Math.trunc(amountMinor / 2);
    const day = String(1 + (i % 28)).padStart(2, "0");
    const month = String(1 + (i % 12)).padStart(2, "0");
    return {
      id: `e${i}`,
      on: `2025-${month}-${day}`,
      description: `Entry ${i}: ${kind} for the trust, with a description long enough to be realistic`,
      category: categories[i % categories.length],
      amountMinor,
      principalMinor,
      incomeMinor: amountMinor - principalMinor,
      kind,
      beneficiary:
        kind === "distribution" ? { id: `b${i % 5}`, name: ["Zoë Ångström", "山田 花子", "Daniel Hartwell", "Sofia Chen", "Marco Rossi"][i % 5] } : null,
      agent: kind === "disbursement" && i % 50 === 3 ? { name: "Hale & Ortiz LLP", relationship: "None" } : null,
    };
  });
  return {
    ...base,
    assets: Array.from({ length: assets }, (_, i) => ({
      id: `a${i}`,
      name: `Asset ${i}`,
      kind: i % 2 ? "security" : "cash",
      start: { carryingMinor: 1_000_000 + i, currentMinor: 1_100_000 + i, valuedOn: "2024-12-31" },
      end: { carryingMinor: 1_000_000 + i, currentMinor: 1_200_000 + i, valuedOn: "2025-12-31" },
    })),
    entries,
    dispositions: Array.from({ length: assets / 2 }, (_, i) => ({
      assetId: `a${i}`,
      assetName: `Asset ${i}`,
      on: "2025-06-30",
      proceedsMinor: 900_000 + i * 10_000,
      carryingMinor: 1_000_000,
      side: "principal" as const,
    })),
  };
}
