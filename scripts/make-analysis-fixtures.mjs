// Builds the PDF and DOCX documents of the analysis corpus (tests/fixtures/analysis/) from their text sources
// (tests/fixtures/analysis/sources/<family>/<name>.txt), then checks every family's expected.json against the texts:
// each labelled file exists, each duty quote is found in its document (whitespace collapsed), each labelled name appears in it.
// Deterministic: fixed PDF dates and ZIP timestamps, so running it twice gives the same bytes.
// Usage: npx tsx scripts/make-analysis-fixtures.mjs
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, dirname, basename, extname } from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { strToU8, unzipSync, strFromU8, zipSync } from "fflate";
import { OFFICE_ROLES, PARTY_ROLES as ALL_PARTY_ROLES, SUCCESSOR_ROLES } from "../app/modules/documents/analysis/schema.ts";
import { DOCUMENT_TYPES } from "../app/modules/documents/schema.ts";
import { CHANGE_KINDS } from "../app/modules/instruments/changes.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "tests", "fixtures", "analysis");
const sourcesDir = join(root, "sources");
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1, 0, 0, 0));
// fflate writes DOS times from the local clock fields, so a local-time date keeps the bytes the same in every time zone.
const ZIP_DATE = new Date(2026, 0, 1, 0, 0, 0);

// US Letter, one-inch margins, Times Roman 11 pt.
const PAGE = { width: 612, height: 792, margin: 72, fontSize: 11, leading: 14 };

async function makePdf(text, title) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  pdf.setTitle(title);
  pdf.setAuthor("Analysis corpus");
  pdf.setCreator("scripts/make-analysis-fixtures.mjs");
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const maxWidth = PAGE.width - 2 * PAGE.margin;
  let page = null;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin - PAGE.fontSize;
  };
  const nextLine = () => {
    y -= PAGE.leading;
    if (y < PAGE.margin) newPage();
  };
  newPage();
  for (const rawLine of text.replace(/\r\n/g, "\n").split("\n")) {
    if (rawLine.trim() === "") {
      nextLine();
      continue;
    }
    // Wrap at word boundaries to the text width, as a word processor would; leading spaces are kept on the first line.
    const indent = rawLine.match(/^ */)[0];
    const words = rawLine.trim().split(/ +/);
    let line = indent;
    for (const word of words) {
      const candidate = line.trim() === "" ? line + word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, PAGE.fontSize) > maxWidth && line.trim() !== "") {
        page.drawText(line, { x: PAGE.margin, y, size: PAGE.fontSize, font });
        nextLine();
        line = word;
      } else {
        line = candidate;
      }
    }
    page.drawText(line, { x: PAGE.margin, y, size: PAGE.fontSize, font });
    nextLine();
  }
  return pdf.save({ useObjectStreams: false });
}

const xmlEscape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function makeDocx(text) {
  const paragraphs = text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(line)}</w:t></w:r></w:p>`)
    .join("");
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    "</Types>";
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    "</Relationships>";
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body>${paragraphs}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body>` +
    "</w:document>";
  const entry = (s) => [strToU8(s), { mtime: ZIP_DATE }];
  return zipSync(
    {
      "[Content_Types].xml": entry(contentTypes),
      "_rels/.rels": entry(rels),
      "word/document.xml": entry(document),
    },
    { level: 6 },
  );
}

const families = readdirSync(root).filter((name) => name !== "sources" && statSync(join(root, name)).isDirectory());
const sourceOf = (family, file) => join(sourcesDir, family, `${basename(file, extname(file))}.txt`);

// 1. Generate the binaries listed in the labels.
let generated = 0;
for (const family of families) {
  const expected = JSON.parse(readFileSync(join(root, family, "expected.json"), "utf8"));
  for (const doc of expected.documents) {
    const ext = extname(doc.file);
    if (ext !== ".pdf" && ext !== ".docx") continue;
    const text = readFileSync(sourceOf(family, doc.file), "utf8");
    const bytes = ext === ".pdf" ? await makePdf(text, doc.title) : makeDocx(text);
    writeFileSync(join(root, family, doc.file), bytes);
    generated++;
  }
}

// 2. Check the labels against the texts.
const errors = [];
const collapse = (s) => s.replace(/\s+/g, " ").trim();
const ROLES = ["instrument", "amendment", "restatement", "codicil", "decanting"];
// The app's own lists (run with tsx, which reads them from TypeScript): a label the app cannot produce is an error.
const TYPES = DOCUMENT_TYPES;
/** The non-office roles a label lists under parties ("other" is never labelled). */
const PARTY_ROLES = ALL_PARTY_ROLES.filter((role) => role !== "other" && !OFFICE_ROLES.includes(role));
const ORDERED = new Set(SUCCESSOR_ROLES);
const FINDINGS = CHANGE_KINDS;
const NAMED_FINDINGS = new Set(["trustee_changed", "beneficiary_added", "beneficiary_dropped", "share_changed"]);
const counts = { families: 0, documents: 0, parties: 0, offices: 0, shares: 0, duties: 0, findings: 0 };

function checkLabels(where, labels, texts) {
  const inText = (needle, caseless) => texts.some((t) => (caseless ? t.toLowerCase().includes(needle.toLowerCase()) : t.includes(needle)));
  for (const p of labels.parties ?? []) {
    if (!PARTY_ROLES.includes(p.role)) errors.push(`${where}: party role ${p.role}`);
    if (!inText(collapse(p.name), true)) errors.push(`${where}: party name not in text: ${p.name}`);
  }
  for (const o of labels.offices ?? []) {
    if (!OFFICE_ROLES.includes(o.role)) errors.push(`${where}: office role ${o.role}`);
    if (ORDERED.has(o.role) ? !Number.isInteger(o.order) : o.order !== null) errors.push(`${where}: office order for ${o.name} (${o.role})`);
    if (!inText(collapse(o.name), true)) errors.push(`${where}: office holder not in text: ${o.name}`);
  }
  for (const s of labels.shares ?? []) {
    if (!/^\d+(\.\d+)?%$/.test(s.share)) errors.push(`${where}: share format ${s.share}`);
    if (!inText(collapse(s.name), true)) errors.push(`${where}: share holder not in text: ${s.name}`);
  }
  for (const d of labels.duties ?? []) {
    const words = d.quote.trim().split(/\s+/).length;
    if (words < 4 || words > 12) errors.push(`${where}: quote has ${words} words: ${d.quote}`);
    if (!inText(collapse(d.quote), false)) errors.push(`${where}: quote not in text: ${d.quote}`);
    if (d.due !== null && !inText(collapse(d.due), false)) errors.push(`${where}: due not in text: ${d.due}`);
  }
}

for (const family of families) {
  const dir = join(root, family);
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));
  counts.families++;
  if (expected.family !== family) errors.push(`${family}: family id ${expected.family}`);
  const texts = {};
  for (const doc of expected.documents) {
    const file = join(dir, doc.file);
    if (!existsSync(file)) {
      errors.push(`${family}: missing ${doc.file}`);
      continue;
    }
    texts[doc.file] = collapse(readFileSync(doc.file.endsWith(".txt") ? file : sourceOf(family, doc.file), "utf8"));
    if (doc.file.endsWith(".docx")) {
      const xml = strFromU8(unzipSync(readFileSync(file))["word/document.xml"]);
      if (!xml.includes('<w:t xml:space="preserve">')) errors.push(`${family}/${doc.file}: no text runs`);
    }
    if (doc.file.endsWith(".pdf")) {
      const pdf = await PDFDocument.load(readFileSync(file));
      if (pdf.getPageCount() < 1) errors.push(`${family}/${doc.file}: no pages`);
    }
  }
  for (const doc of expected.documents) {
    const where = `${family}/${doc.file}`;
    counts.documents++;
    if (!ROLES.includes(doc.role)) errors.push(`${where}: role ${doc.role}`);
    if (doc.role === "instrument" ? doc.amends !== null : !expected.documents.some((d) => d.file === doc.amends)) errors.push(`${where}: amends ${doc.amends}`);
    if (doc.role === "instrument" && doc.findings.length) errors.push(`${where}: an instrument has no findings`);
    const e = doc.expected;
    if (!TYPES.includes(e.documentType)) errors.push(`${where}: documentType ${e.documentType}`);
    if (e.instrumentDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(e.instrumentDate)) errors.push(`${where}: date ${e.instrumentDate}`);
    for (const f of doc.findings) {
      if (!FINDINGS.includes(f.kind)) errors.push(`${where}: finding ${f.kind}`);
      if (NAMED_FINDINGS.has(f.kind) && !f.name) errors.push(`${where}: finding ${f.kind} needs a name`);
      if (
        f.name &&
        !texts[doc.file]?.toLowerCase().includes(f.name.toLowerCase()) &&
        !Object.values(texts).some((t) => t.toLowerCase().includes(f.name.toLowerCase()))
      )
        errors.push(`${where}: finding name not in family: ${f.name}`);
    }
    if (texts[doc.file] !== undefined) checkLabels(where, e, [texts[doc.file]]);
    counts.parties += e.parties.length;
    counts.offices += e.offices.length;
    counts.shares += e.shares.length;
    counts.duties += e.duties.length;
    counts.findings += doc.findings.length;
  }
  checkLabels(`${family}/asAmended`, expected.asAmended, Object.values(texts));
}

console.log(`Generated ${generated} PDF/DOCX files.`);
console.log(
  `Checked ${counts.families} families, ${counts.documents} documents: ${counts.parties} parties, ${counts.offices} offices, ${counts.shares} shares, ${counts.duties} duties, ${counts.findings} findings.`,
);
if (errors.length) {
  console.error(errors.join("\n"));
  process.exit(1);
}
