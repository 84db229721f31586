import { analyzeOffline } from "~/modules/documents/analysis/offline";
import { DEMO_DOCUMENTS } from "~/modules/documents/seed";
import { tallyPoll } from "~/modules/polls/tally";
import { DEMO } from "~/modules/workspaces/demo-family";
import type { SeedStep } from "~/platform/module-manifest";
import { distributionWarnings } from "./checks";
import { spanOf } from "./passage-span";
import type { DistributionAuthority } from "./schema";

const id = (n: number) => `e9f2a0b8-${String(n).padStart(4, "0")}-4c6e-8d2a-5b7e9f100001`;
/** The September statement's rows as banking's seed numbers them (banking/seed.ts txId: the statement's order). */
const septemberTx = (n: number) => `b8e1d9f7-1${String(n).padStart(3, "0")}-4c6e-8d2a-5b7e9f100001`;
const TUITION_TX = septemberTx(3);
const MARGARET_TRANSFER_TX = septemberTx(4);
const POLL_ID = id(100);

/** Assets besides the bank account, each with the valuations a trustee would have recorded. */
const ASSETS = [
  {
    n: 1,
    name: "Cedar Crest residence, 41 Cedar Crest Lane, Oakland",
    kind: "real_estate",
    acquiredOn: "2009-05-14",
    valuations: [
      ["2009-05-14", 61200000, 61200000, "manual", "Purchase price"],
      ["2024-12-31", 61200000, 145000000, "appraisal", "Annual appraisal"],
      ["2026-06-30", 61200000, 158500000, "appraisal", "Appraisal by Bay Area Valuations"],
    ],
  },
  {
    n: 2,
    name: "Bayview Securities brokerage portfolio",
    kind: "securities",
    acquiredOn: "2015-03-02",
    valuations: [
      ["2015-03-02", 42000000, 42000000, "manual", "Funded by the settlors"],
      ["2025-12-31", 42000000, 61134022, "statement", "Year-end statement"],
      ["2026-09-30", 42000000, 64891257, "statement", "September statement"],
    ],
  },
  {
    n: 3,
    name: "25% interest in Hartwell Woodworks LLC",
    kind: "business_interest",
    acquiredOn: "2012-01-20",
    valuations: [
      ["2012-01-20", 5000000, 5000000, "manual", "Capital contribution"],
      ["2025-12-31", 5000000, 18000000, "appraisal", "Business valuation"],
    ],
  },
  {
    n: 4,
    name: "Home-equity line on Cedar Crest (roof replacement)",
    kind: "liability",
    acquiredOn: "2025-08-01",
    valuations: [
      ["2025-08-01", 4000000, 4000000, "manual", "Drawn for the roof"],
      ["2026-09-30", 3500000, 3500000, "statement", "Balance owed"],
    ],
  },
] as const;

/**
 * The trust's other assets with their valuations, and three distributions: Margaret's support, approved by the
 * family's weighted vote and paid by the September transfer; Sophie's fall tuition, approved by James and paid by
 * the university payment; and Daniel's own request for dental work, waiting for a trustee.
 */
export const seed: SeedStep = ({ workspaceId: ws, now, sql: q, readFixture }) => {
  const { owner, coTrustee, beneficiary, familyMember } = DEMO;
  const trust = DEMO_DOCUMENTS[0];
  const text = new TextDecoder().decode(readFixture(`documents/${trust.file}`));
  const analysis = analyzeOffline(text, { title: trust.title, fileName: trust.file });
  const provision = (provisionId: string): DistributionAuthority => {
    const p = analysis.keyProvisions[Number(provisionId.slice(1)) - 1];
    return {
      documentId: trust.id,
      versionId: trust.versionId,
      provisionId,
      documentTitle: trust.title,
      reference: p.reference,
      title: p.title,
      passage: p.text,
      span: spanOf(text, p.text),
    };
  };
  const hems = provision("p5");
  const annual = provision("p8");
  const terms = analysis.keyProvisions.map((p) => ({ heading: [p.reference, p.title].filter(Boolean).join(" "), body: p.text }));
  const warn = (name: string, amountMinor: number, purpose: string, authority: DistributionAuthority) =>
    distributionWarnings({
      beneficiaryName: name,
      amountMinor,
      purpose,
      principalOrIncome: "income",
      authority,
      parties: analysis.parties,
      terms,
      sideBalanceMinor: Number.MAX_SAFE_INTEGER,
      cashMinor: Number.MAX_SAFE_INTEGER,
      paidUnderClauseThisYearMinor: 0,
      formatMoney: (minor) => `$${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
    });

  const statements: string[] = [];
  for (const asset of ASSETS) {
    statements.push(
      `INSERT INTO finance_assets (id, workspace_id, name, kind, bank_account_id, description, currency, acquired_on, created_by, created_at)
       VALUES (${q(id(asset.n))}, ${q(ws)}, ${q(asset.name)}, ${q(asset.kind)}, NULL, NULL, 'USD', ${q(asset.acquiredOn)}, ${q(owner.id)}, ${now}) ON CONFLICT(id) DO NOTHING;`,
      ...asset.valuations.map(
        ([on, carrying, current, source, note], i) =>
          `INSERT INTO finance_valuations (id, asset_id, workspace_id, valued_on, carrying_minor, current_minor, source, note, created_by, created_at)
           VALUES (${q(id(asset.n * 10 + i))}, ${q(id(asset.n))}, ${q(ws)}, ${q(on)}, ${carrying}, ${current}, ${q(source)}, ${q(note)}, ${q(owner.id)}, ${now}) ON CONFLICT(id) DO NOTHING;`,
      ),
    );
  }

  // The family's weighted vote on Margaret's support: James and Sophie for (60% of the interest), Daniel against.
  const options = (["yes", "no", "abstain"] as const).map((role, position) => ({
    id: id(110 + position),
    role,
    position,
    text: role[0].toUpperCase() + role.slice(1),
  }));
  const voters = [
    { userId: coTrustee.id, weight: 4000, choice: options[0].id },
    { userId: familyMember.id, weight: 4000, choice: options[1].id },
    { userId: beneficiary.id, weight: 2000, choice: options[0].id },
  ];
  const result = tallyPoll({
    type: "yes_no",
    options,
    voters,
    ballots: voters.map((v) => ({ voterId: v.userId, choices: [v.choice] })),
    weighted: true,
    quorumPercent: 50,
  });
  const opened = Date.parse("2026-09-03T16:00:00Z");
  const closed = Date.parse("2026-09-10T16:00:00Z");
  const pollTitle = "Approve a distribution of $2,500.00 to Margaret A. Hartwell-Chen?";
  statements.push(
    `INSERT INTO polls (id, workspace_id, title, description, type, status, closes_at, eligibility, eligible_roles, quorum_percent, hide_results, weighted, anonymous, result, created_by, created_at, closed_at, closed_by, subject_href)
     VALUES (${q(POLL_ID)}, ${q(ws)}, ${q(pollTitle)}, ${q(`Purpose: Monthly support. Authority: ${hems.reference} ${hems.title} of ${trust.title}. A yes approves the distribution; a no rejects it.`)},
             'yes_no', 'closed', ${closed}, 'people', NULL, 50, 0, 1, 0, ${q(JSON.stringify(result))}, ${q(owner.id)}, ${opened}, ${closed}, NULL, ${q(`/financial#distribution-${id(200)}`)}) ON CONFLICT(id) DO NOTHING;`,
    ...options.map(
      (o) =>
        `INSERT INTO poll_options (id, poll_id, workspace_id, position, text, role) VALUES (${q(o.id)}, ${q(POLL_ID)}, ${q(ws)}, ${o.position}, ${q(o.text)}, ${q(o.role)}) ON CONFLICT(id) DO NOTHING;`,
    ),
    ...voters.flatMap((v, i) => [
      `INSERT INTO poll_voters (poll_id, user_id, workspace_id, weight) VALUES (${q(POLL_ID)}, ${q(v.userId)}, ${q(ws)}, ${v.weight}) ON CONFLICT DO NOTHING;`,
      `INSERT INTO poll_ballots (id, poll_id, workspace_id, voter_id, choices, created_at, updated_at, changes)
       VALUES (${q(id(120 + i))}, ${q(POLL_ID)}, ${q(ws)}, ${q(v.userId)}, ${q(JSON.stringify([v.choice]))}, ${opened + (i + 1) * 3600000}, ${opened + (i + 1) * 3600000}, 0) ON CONFLICT DO NOTHING;`,
    ]),
    `INSERT INTO poll_watchers (poll_id, user_id, workspace_id) VALUES (${q(POLL_ID)}, ${q(owner.id)}, ${q(ws)}) ON CONFLICT DO NOTHING;`,
  );

  const distributions = [
    {
      n: 200,
      userId: null,
      name: "Margaret A. Hartwell-Chen",
      amount: 250000,
      purpose: "Monthly support",
      authority: hems,
      status: "paid",
      mode: "poll",
      pollId: POLL_ID,
      tx: MARGARET_TRANSFER_TX,
      paidOn: "2026-09-12",
      requestedBy: owner.id,
      decidedBy: null,
      at: opened,
      decidedAt: closed,
    },
    {
      n: 201,
      userId: beneficiary.id,
      name: beneficiary.name,
      amount: 742000,
      purpose: "Fall tuition at California State University",
      authority: annual,
      status: "paid",
      mode: "trustee",
      pollId: null,
      tx: TUITION_TX,
      paidOn: "2026-09-08",
      requestedBy: beneficiary.id,
      decidedBy: coTrustee.id,
      at: Date.parse("2026-08-20T09:00:00Z"),
      decidedAt: Date.parse("2026-08-22T09:00:00Z"),
    },
    {
      n: 202,
      userId: familyMember.id,
      name: familyMember.name,
      amount: 120000,
      purpose: "Dental treatment not covered by insurance",
      authority: hems,
      status: "requested",
      mode: "trustee",
      pollId: null,
      tx: null,
      paidOn: null,
      requestedBy: familyMember.id,
      decidedBy: null,
      at: now - 2 * 86400000,
      decidedAt: null,
    },
  ] as const;
  for (const d of distributions) {
    statements.push(
      `INSERT INTO finance_distributions (id, workspace_id, beneficiary_user_id, beneficiary_name, amount_minor, currency, purpose, principal_or_income, needed_by, status, approval_mode,
         authority, warnings, poll_id, transaction_id, paid_on, decided_by, decided_at, decision_note, requested_by, created_at, updated_at)
       VALUES (${q(id(d.n))}, ${q(ws)}, ${q(d.userId)}, ${q(d.name)}, ${d.amount}, 'USD', ${q(d.purpose)}, 'income', NULL, ${q(d.status)}, ${q(d.mode)},
               ${q(JSON.stringify(d.authority))}, ${q(JSON.stringify(warn(d.name, d.amount, d.purpose, d.authority)))}, ${q(d.pollId)}, ${q(d.tx)}, ${q(d.paidOn)},
               ${q(d.decidedBy)}, ${d.decidedAt ?? "NULL"}, ${d.mode === "poll" ? q("Approved by the family's weighted vote (60%)") : "NULL"}, ${q(d.requestedBy)}, ${d.at}, ${d.decidedAt ?? d.at})
       ON CONFLICT(id) DO NOTHING;`,
    );
  }
  return { statements, summary: `${ASSETS.length} assets, ${distributions.length} distributions and a closed weighted poll` };
};
