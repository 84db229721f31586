// The offline document analysis against the labelled corpus (tests/fixtures/analysis): every document analysed on its
// own, every family consolidated (instrument, then its amendments in date order), and each field scored with the rules
// in app/modules/instruments/evaluation/score.ts. Prints precision and recall per field; --misses lists every miss,
// --json prints the numbers (and with --misses the misses) as JSON. A report: it always exits 0.
//
//   npx tsx scripts/eval-analysis.ts [--misses] [--json]
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { analyzeOffline } from "~/modules/documents/analysis/offline";
import type { DocumentAnalysis } from "~/modules/documents/analysis/schema";
import { extractDocumentText } from "~/modules/documents/extract.server";
import type { DocumentType } from "~/modules/documents/schema";
import { consolidate } from "~/modules/instruments/as-amended";
import type { InstrumentText } from "~/modules/instruments/consolidate";
import {
  type FieldResult,
  type FieldScore,
  type LabelDocument,
  type LabelFinding,
  type LabelTerms,
  scoreDocument,
  scoreFindings,
  scoreTerms,
  summarise,
} from "~/modules/instruments/evaluation/score";

const CORPUS = "tests/fixtures/analysis";
const args = new Set(process.argv.slice(2));

interface Family {
  family: string;
  documents: { file: string; title: string; role: string; amends: string | null; expected: LabelDocument; findings: LabelFinding[] }[];
  asAmended: LabelTerms;
}

const kindOf = (file: string) => (file.endsWith(".pdf") ? "pdf" : file.endsWith(".docx") ? "docx" : "text");

async function readText(path: string): Promise<string> {
  return (await extractDocumentText(kindOf(path), new Uint8Array(readFileSync(path)))) ?? "";
}

async function evaluateFamily(dir: string): Promise<FieldResult[]> {
  const label = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Family;
  const results: FieldResult[] = [];
  const read: { doc: Family["documents"][number]; text: string; analysis: DocumentAnalysis }[] = [];
  for (const doc of label.documents) {
    const text = await readText(join(dir, doc.file));
    const analysis = analyzeOffline(text, { title: doc.title, fileName: doc.file });
    results.push(...scoreDocument(doc.expected, analysis, `${label.family}/${doc.file}`));
    read.push({ doc, text, analysis });
  }

  const asText = ({ doc, text, analysis }: (typeof read)[number]): InstrumentText => ({
    documentId: doc.file,
    title: doc.title,
    date: analysis.instrumentDate,
    text,
  });
  const base = read.find((r) => r.doc.role === "instrument");
  if (!base) throw new Error(`${label.family}: no document with the role "instrument"`);
  const others = read.filter((r) => r !== base).map(asText);
  others.sort((a, b) => (a.date ?? "9999").localeCompare(b.date ?? "9999"));
  const reading = consolidate(asText(base), others, base.analysis.documentType as DocumentType);
  const expectedFindings = label.documents.flatMap((doc) => doc.findings.map((f) => ({ ...f, document: doc.file })));
  const foundFindings = reading.changes.map((c) => ({ document: c.documentId, kind: c.kind, names: c.names }));
  results.push(scoreFindings(expectedFindings, foundFindings, label.family));
  results.push(...scoreTerms(label.asAmended, reading, label.family, "asAmended "));
  return results;
}

const percent = (n: number | null) => (n === null ? "   n/a" : `${(n * 100).toFixed(1).padStart(5)}%`);

function printTable(scores: Record<string, FieldScore>) {
  console.log(`${"field".padEnd(26)} precision  recall    tp   fp   fn`);
  for (const [field, s] of Object.entries(scores)) {
    console.log(
      `${field.padEnd(26)} ${percent(s.precision).padStart(9)} ${percent(s.recall).padStart(7)} ${String(s.tp).padStart(5)} ${String(s.fp).padStart(4)} ${String(s.fn).padStart(4)}`,
    );
  }
}

async function main() {
  const families = readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(CORPUS, entry.name, "expected.json")))
    .map((entry) => entry.name)
    .sort();
  const results: FieldResult[] = [];
  const errors: string[] = [];
  for (const family of families) {
    try {
      results.push(...(await evaluateFamily(join(CORPUS, family))));
    } catch (error) {
      errors.push(`${family}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const scores = summarise(results);
  const misses = results.flatMap((r) => r.misses);
  if (args.has("--json")) {
    console.log(JSON.stringify({ families: families.length, fields: scores, errors, ...(args.has("--misses") ? { misses } : {}) }, null, 2));
    return;
  }
  console.log(`Offline analysis against ${families.length} labelled families (${CORPUS})\n`);
  printTable(scores);
  for (const error of errors) console.log(`\nNot scored: ${error}`);
  if (args.has("--misses")) {
    console.log("");
    for (const m of misses) console.log(`${m.field.padEnd(26)} ${m.type.padEnd(7)} ${m.document.padEnd(48)} ${m.item}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
}
process.exitCode = 0;
