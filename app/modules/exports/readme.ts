/** The archive's format name and version, written in workspace.json and manifest.json. */
export const EXPORT_FORMAT = "trust-workspace-export";
export const EXPORT_FORMAT_VERSION = 1;

/**
 * The README.md at the root of every export: the format, in English (ADR 0024), so that whoever opens the archive
 * years from now, with or without the platform, can read and check it.
 */
export function exportReadme({ workspaceName, exportedAt }: { workspaceName: string; exportedAt: string }): string {
  return `# Export of "${workspaceName.replace(/[\r\n]+/g, " ")}"

Made ${exportedAt} by the workspace's owner. Format \`${EXPORT_FORMAT}\`, version ${EXPORT_FORMAT_VERSION}.

This archive holds everything the workspace kept: every document with every version of its original file, the
analyses, the conversations, the polls and their ballots, the trust's banking and finances, and the audit log
with its signed chain head. Everything but the documents' own files is JSON (UTF-8). Times are ISO 8601 in UTC;
money is in minor units (cents) with its currency; ids are the platform's and link the files to each other
(\`userId\`, \`createdBy\`, \`voterId\`… are the people listed in \`workspace.json\`).

## Files

| Path | What |
| --- | --- |
| \`README.md\` | This description. |
| \`workspace.json\` | The workspace (name, jurisdiction), who made the export, and its members: id, name, e-mail, role, beneficial share in basis points (4000 = 40 %). |
| \`manifest.json\` | Every other file of the archive with its size in bytes and SHA-256, and \`problems\`: files that could not be exported as stored (see below). |
| \`documents/<id>-<title>/v<N>-<file name>\` | Version N of the document, the original file exactly as uploaded (restored versions repeat the file they restore). |
| \`documents/<id>-<title>/document.json\` | The document's details and the list of its versions: number, file name, type, size, SHA-256 recorded at upload, note, who added it and when, and its \`path\` in this archive. |
| \`documents/<id>-<title>/analysis.json\` | The latest analysis of the current version (engine, model, result), when there is one. |
| \`documents/shares.json\`, \`documents/instrument-links.json\` | Who each document was shared with and how (view or edit); which instrument each amendment amends, as people confirmed it. |
| \`conversations/*.json\` | Channels and their members, topics and who follows them, messages with every earlier wording (\`message-revisions.json\`), SMS participants and texts. |
| \`polls/*.json\` | Polls, their options, the eligible voters with their weights, the ballots (choices are option ids, in order of preference for ranked polls) and the watchers. In an anonymous poll the ballot's \`voterId\` is null: the export keeps the promise the poll made. |
| \`banking/*.json\` | Bank accounts, statement imports, transactions and their splits, receipts (details), categorisation rules, reconciliations, settings and who was given access. |
| \`banking/receipts/<id>-<file name>\` | Each receipt or invoice kept with a transaction, the file as uploaded; \`receipts.json\` names its transaction. |
| \`finance/*.json\` | Assets and their valuations, principal and income allocations, distributions and their approvals, accountings and to whom they were sent. |
| \`compliance/*.json\` | The trust's profile and its events, the duties with their due dates, evidence and who completed them, the compliance score by day, related parties, trustees' disclosures and conflict attestations, and the ethics reviews. |
| \`tax/*.json\` | The trust's tax profile, calendar entries marked done, reminders sent, and the calendar feeds given out (without their secret addresses). |
| \`audit/audit-log.jsonl\` | The audit log: one entry per line, in order (\`seq\` 1, 2, 3 …), each with \`prevHash\` and \`hash\`. |
| \`audit/chain-head.json\` | The chain's last entry at the time of the export, signed: a "trust-audit-bundle" holding that one entry, the public key and an ECDSA P-256 signature. |

Each \`.json\` file with rows is an array, one row per line.

## Checking the archive

1. **Files.** For every entry of \`manifest.json\`'s \`files\`, the SHA-256 of the file at \`path\` equals \`sha256\`
   (\`sha256sum\` on Linux, \`shasum -a 256\` on macOS, \`Get-FileHash\` on Windows). The SHA-256 of each document
   version is also in its \`document.json\`: the hash computed when it was uploaded. \`problems\` lists a version
   whose file was missing from storage (\`missing\`) or no longer matched its upload hash (\`sha256-differs\`);
   an empty list means every file is as it was uploaded.
2. **Audit chain.** Each line of \`audit/audit-log.jsonl\` is linked to the one before: the first line's \`prevHash\`
   is 64 zeros, each next line's \`prevHash\` is the previous line's \`hash\`, and each \`hash\` is
   SHA-256 (hex) of \`prevHash\` followed by the entry's canonical JSON: the fields action, actorUserId, createdAt,
   id, ip, metadata, outcome, seq, targetId, targetType, userAgent, workspaceId, in that order, as JSON with no
   spaces (missing values as null). The last line must be the entry in \`audit/chain-head.json\`.
3. **Signature.** \`audit/chain-head.json\` is checked with the platform's standalone script (Node 20 or later,
   nothing else): \`node verify-audit-bundle.mjs audit/chain-head.json --key <fingerprint>\`, where the
   fingerprint is the one the trustees were sent by e-mail with the daily chain head. It checks that the key is the
   one named and that the signature covers the head entry; with step 2, the signed head vouches for every line
   before it.

Entries written after the export began (the export's own download among them) are in the next export.
`;
}
