import { escapeHtml, markupToText } from "./sanitize";
import { fillFields, lacksValue, type EmailMergeValues } from "./templates";

/** A workspace's look for one e-mail: absent parts are the product's own. */
export interface EmailLook {
  familyName: string | null;
  /** Plain text with merge fields. */
  greeting: string | null;
  /** The safe markup subset (sanitize.ts) with merge fields. */
  intro: string | null;
  signature: string | null;
  /** The heading's and the button's colour. */
  accent: string;
}

/** What the mail says: the product's words for this e-mail, in the recipient's language. */
export interface EmailContent {
  subject: string;
  /** Plain text; addresses in it become links. */
  paragraphs: string[];
  action?: { label: string; url: string };
}

/** The frame's own words in the recipient's language. */
export interface EmailFrame {
  language: string;
  direction: "ltr" | "rtl";
  /** The greeting when the workspace has none, and when its greeting names something this person lacks. */
  defaultGreeting: string;
  neutralGreeting: string;
  footer: string;
  unsubscribe?: { url: string; label: string };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const DEFAULT_ACCENT = "#1e3a5f";

/**
 * One e-mail as text and HTML. The HTML is a single 600-pixel column of tables with inline styles (what mail clients
 * render alike), declares light and dark colour schemes and overrides its colours in dark mode, so it stays readable
 * in both; every value is escaped, and only the sanitised subset of markup reaches it.
 */
export function renderEmail(look: EmailLook, content: EmailContent, frame: EmailFrame, values: EmailMergeValues): RenderedEmail {
  const greetingSource =
    look.greeting && !lacksValue(look.greeting, values)
      ? look.greeting
      : lacksValue(frame.defaultGreeting, values)
        ? frame.neutralGreeting
        : frame.defaultGreeting;
  const greeting = fillFields(greetingSource, values);
  const introHtml = look.intro ? fillFields(look.intro, values, escapeHtml) : null;
  const signatureHtml = look.signature ? fillFields(look.signature, values, escapeHtml) : null;

  const text = [
    look.familyName ? look.familyName.toUpperCase() : null,
    greeting,
    introHtml ? markupToText(introHtml) : null,
    ...content.paragraphs,
    content.action ? `${content.action.label}: ${content.action.url}` : null,
    signatureHtml ? markupToText(signatureHtml) : null,
    "—",
    frame.footer,
    frame.unsubscribe ? `${frame.unsubscribe.label}: ${frame.unsubscribe.url}` : null,
  ]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join("\n\n");

  const accent = /^#[0-9a-f]{6}$/i.test(look.accent) ? look.accent : DEFAULT_ACCENT;
  const p = (inner: string, style = "") => `<p style="margin:0 0 16px;line-height:1.55;${style}">${inner}</p>`;
  const body = [
    look.familyName
      ? p(escapeHtml(look.familyName), `font-size:13px;letter-spacing:.06em;text-transform:uppercase;font-weight:700;color:${accent}" class="accent`)
      : "",
    p(escapeHtml(greeting)),
    introHtml ? `<div style="margin:0 0 16px;line-height:1.55">${introHtml}</div>` : "",
    ...content.paragraphs.map((paragraph) => p(linkify(paragraph))),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" class="button" style="display:inline-block;background:${accent};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
      : "",
    signatureHtml ? `<div style="margin:24px 0 0;line-height:1.55">${signatureHtml}</div>` : "",
  ].join("");
  const footer = [
    escapeHtml(frame.footer),
    frame.unsubscribe ? `<a href="${escapeHtml(frame.unsubscribe.url)}" style="color:#374151">${escapeHtml(frame.unsubscribe.label)}</a>` : "",
  ]
    .filter(Boolean)
    .join(" · ");

  const html = `<!doctype html>
<html lang="${escapeHtml(frame.language)}" dir="${frame.direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(content.subject)}</title>
<style>
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){
body,.page{background:#0f172a!important;color:#e5e7eb!important}
.card{background:#1e293b!important;color:#e5e7eb!important}
.accent{color:#e5e7eb!important}
.muted,.muted a{color:#cbd5e1!important}
a{color:#93c5fd!important}
a.button{color:#ffffff!important;border:1px solid #94a3b8}
}
</style>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;color:#111827;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px">
<table role="presentation" class="page" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" class="card" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;color:#111827;border-radius:8px;border-top:6px solid ${accent}">
<tr><td style="padding:28px 32px 8px">${body}</td></tr>
<tr><td class="muted" style="padding:16px 32px 24px;font-size:12px;line-height:1.5;color:#4b5563">${footer}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
  return { subject: content.subject, text, html };
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** A paragraph of plain text as HTML: escaped, its lines kept, its addresses made links. */
function linkify(paragraph: string): string {
  return paragraph
    .split(URL_PATTERN)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("")
    .replace(/\n/g, "<br>");
}
