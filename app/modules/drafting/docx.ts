import { strToU8, zipSync } from "fflate";
import type { Block, DraftDocument } from "./templates";

/**
 * A draft as a Word document (Office Open XML), built by hand and zipped with fflate: a handful of
 * small XML parts (content types, relationships, styles, core properties and the body). The blocks
 * of a draft need paragraphs, bold runs, indents and line breaks only, so a DOCX library would add
 * weight to the Worker without adding anything we use (see docs/decisions/0010).
 */

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** Text for XML: escaped, and without the control characters XML 1.0 forbids. */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- the characters XML 1.0 does not allow
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
  );
}

/** One run per line of the text, joined by line breaks; tabs become tab characters. */
function runs(text: string, props = ""): string {
  const rPr = props ? `<w:rPr>${props}</w:rPr>` : "";
  return text
    .split("\n")
    .map((line, i) => {
      const parts = line.split("\t").map((part) => `<w:t xml:space="preserve">${xmlText(part)}</w:t>`);
      return `${i > 0 ? `<w:r>${rPr}<w:br/></w:r>` : ""}<w:r>${rPr}${parts.join("<w:tab/>")}</w:r>`;
    })
    .join("");
}

function paragraph(text: string, { style, props, pPr = "" }: { style?: string; props?: string; pPr?: string } = {}): string {
  const styleXml = style ? `<w:pStyle w:val="${style}"/>` : "";
  return `<w:p><w:pPr>${styleXml}${pPr}</w:pPr>${runs(text, props)}</w:p>`;
}

function blockXml(block: Block): string {
  switch (block.kind) {
    case "title":
      return paragraph(block.text, { style: "Title" });
    case "subtitle":
      return paragraph(block.text, { style: "Subtitle" });
    case "heading":
      return paragraph(block.text, { style: "Heading1" });
    case "paragraph":
      return paragraph(block.text);
    case "notice":
      return paragraph(block.text, {
        props: "<w:b/>",
        pPr: '<w:pBdr><w:top w:val="single" w:sz="8" w:space="4" w:color="000000"/><w:left w:val="single" w:sz="8" w:space="4" w:color="000000"/><w:bottom w:val="single" w:sz="8" w:space="4" w:color="000000"/><w:right w:val="single" w:sz="8" w:space="4" w:color="000000"/></w:pBdr>',
      });
    case "numbered":
      return block.items.map((item, i) => paragraph(`${i + 1}.\t${item}`, { pPr: '<w:ind w:left="567" w:hanging="567"/>' })).join("");
    case "bullets":
      return block.items.map((item) => paragraph(`•\t${item}`, { pPr: '<w:ind w:left="567" w:hanging="567"/>' })).join("");
    case "signature":
      return [
        paragraph("", { pPr: '<w:spacing w:before="480" w:after="0"/><w:keepNext/>' }),
        paragraph("______________________________", { pPr: '<w:spacing w:after="0"/><w:keepNext/>' }),
        paragraph(block.name, { pPr: '<w:spacing w:after="0"/><w:keepNext/>' }),
        paragraph(block.capacity, { props: "<w:i/>", pPr: block.date ? '<w:spacing w:after="0"/><w:keepNext/>' : "" }),
        ...(block.date ? [paragraph(block.date)] : []),
      ].join("");
  }
}

function documentXml(draft: DraftDocument): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}"><w:body>${draft.blocks.map(blockXml).join("")}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W}">
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="Times New Roman" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="276" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:jc w:val="center"/><w:spacing w:after="120"/></w:pPr><w:rPr><w:b/><w:caps/><w:sz w:val="32"/><w:szCs w:val="32"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Subtitle"><w:name w:val="Subtitle"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:jc w:val="center"/><w:spacing w:after="360"/></w:pPr><w:rPr><w:i/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:jc w:val="left"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="26"/><w:szCs w:val="26"/></w:rPr></w:style>
</w:styles>`;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`;

const DOCUMENT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const APP = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Legal Document Platform</Application></Properties>`;

function coreXml(draft: DraftDocument, author: string, now: Date): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlText(draft.title)}</dc:title><dc:creator>${xmlText(author)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified></cp:coreProperties>`;
}

/** The draft as the bytes of a .docx file. */
export function draftToDocx(draft: DraftDocument, { author = "", now = new Date() }: { author?: string; now?: Date } = {}): Uint8Array {
  return zipSync(
    {
      "[Content_Types].xml": strToU8(CONTENT_TYPES),
      "_rels/.rels": strToU8(ROOT_RELS),
      "docProps/core.xml": strToU8(coreXml(draft, author, now)),
      "docProps/app.xml": strToU8(APP),
      "word/document.xml": strToU8(documentXml(draft)),
      "word/styles.xml": strToU8(STYLES),
      "word/_rels/document.xml.rels": strToU8(DOCUMENT_RELS),
    },
    { level: 6, mtime: now },
  );
}
