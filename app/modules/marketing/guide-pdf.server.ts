import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { serverT } from "~/i18n.server";
import { GUIDES, type GuideSlug } from "./content";

const PAGE = { width: 595.28, height: 841.89, margin: 56 }; // A4 in points

/** The guide's text in one language: intro, then its sections and their checklist items. */
function guideText(slug: GuideSlug, lng: string) {
  const t = serverT("guides", lng);
  const guide = GUIDES.find((g) => g.slug === slug)!;
  return {
    title: t(`${slug}.title`),
    intro: t(`${slug}.intro`),
    footer: t("footer"),
    sections: guide.sections.map((items, i) => ({
      heading: t(`${slug}.section${i + 1}`),
      items: items.map((n) => t(`${slug}.item${n}`)),
    })),
  };
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Helvetica covers Western European languages only; other scripts get the English edition. */
function encodable(font: PDFFont, texts: string[]): boolean {
  try {
    for (const text of texts) font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A real, printable checklist PDF made with pdf-lib, in the reader's language when the font can write it. */
export async function renderGuidePdf(slug: GuideSlug, language: string): Promise<{ bytes: Uint8Array; language: string }> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let lng = language;
  let guide = guideText(slug, lng);
  const all = [guide.title, guide.intro, guide.footer, ...guide.sections.flatMap((s) => [s.heading, ...s.items])];
  if (!encodable(regular, all)) {
    lng = "en";
    guide = guideText(slug, lng);
  }
  pdf.setTitle(guide.title);
  pdf.setLanguage(lng);
  pdf.setProducer("Legal Document Platform");
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));

  const width = PAGE.width - PAGE.margin * 2;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const draw = (text: string, font: PDFFont, size: number, indent = 0, gap = 4) => {
    for (const line of wrap(text, font, size, width - indent)) {
      if (y - size < PAGE.margin + 30) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin + indent, y: y - size, size, font, color: rgb(0.08, 0.1, 0.14) });
      y -= size * 1.35;
    }
    y -= gap;
  };

  draw(guide.title, bold, 22, 0, 10);
  draw(guide.intro, regular, 11, 0, 14);
  for (const section of guide.sections) {
    draw(section.heading, bold, 14, 0, 6);
    for (const item of section.items) {
      // An empty box to tick on paper.
      page.drawRectangle({ x: PAGE.margin, y: y - 10, width: 9, height: 9, borderColor: rgb(0.2, 0.2, 0.2), borderWidth: 1 });
      draw(item, regular, 11, 18, 6);
    }
    y -= 8;
  }
  for (const p of pdf.getPages()) {
    wrap(guide.footer, regular, 8, width).forEach((line, i) =>
      p.drawText(line, { x: PAGE.margin, y: PAGE.margin - 10 - i * 10, size: 8, font: regular, color: rgb(0.35, 0.35, 0.35) }),
    );
  }
  return { bytes: await pdf.save(), language: lng };
}
