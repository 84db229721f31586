import { HELP_TOPICS, type HelpTopic } from "~/modules/help/topics";
import { queryTerms, stem, words } from "./passages";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface RelatedArticle {
  title: string;
  url: string;
}

/** Words people use for each help topic besides the topic's own text (English and the translated languages). */
const TOPIC_HINTS: Record<HelpTopic, RegExp> = {
  "getting-started": /getting started|get started|\bbegin|\bstart(ed)? (a|my|the)? ?workspace|\btrial\b|set ?up|empezar|commencer|anfangen|始め|开始/i,
  "upload-documents": /upload|add (a |new )?document|\bpdf\b|\bdocx\b|\bscan|subir|cargar|télécharger|téléverser|hochladen|アップロード|上传/i,
  organization: /\bshar(e|ing)\b|invit|\bmembers?\b|\broles?\b|permission|access|compartir|invitar|partager|inviter|teilen|einladen|共有|招待|分享|邀请/i,
  analysis: /analy[sz]|summary|provision|extract|análisis|analyse|zusammenfassung|分析|要約|摘要/i,
  compliance: /complian|deadline|remind|cumplimiento|plazo|conformité|échéance|fristen?|erinnerung|コンプライアンス|期限|合规|截止/i,
  collaboration: /\bchat\b|message|thread|\bsms\b|\btalk\b|conversation|collaborat|mensaje|discussion|nachricht|チャット|聊天/i,
  polls: /\bpolls?\b|\bvot(e|es|ing)\b|ballot|votación|encuesta|sondage|abstimm|umfrage|投票/i,
  finance: /\bbank|transaction|reconcil|statement|\bmoney\b|banco|transacción|banque|bankkonto|銀行|银行/i,
  distributions:
    /distribut|\bassets?\b|principal and income|accounting|distribución|activos|contabilidad|répartition|actifs|ausschüttung|vermögen|分配|資産|资产/i,
  tax: /\btax(es)?\b|\b1041\b|\bk-?1\b|\bEIN\b|estimated|impuesto|impôt|fiscal|steuer|税/i,
  security: /secur|privacy|encrypt|\bsafe\b|two-factor|audit|seguridad|sécurité|sicherheit|セキュリティ|安全/i,
  languages: /language|\btheme|dark mode|idioma|\btema\b|langue|thème|sprache|言語|テーマ|语言|主题/i,
  account: /profile|password|account|avatar|username|perfil|contraseña|mot de passe|profil|passwort|konto|パスワード|プロフィール|密码|账户/i,
};

export interface TopicMatch {
  topic: HelpTopic;
  score: number;
}

/** Help topics ranked for a question: their own (translated) words, and the hints above. */
export function matchHelpTopics(question: string, helpT: Translate): TopicMatch[] {
  const terms = queryTerms(question);
  return HELP_TOPICS.map((topic) => {
    const text = `${helpT(`${topic}.title`)} ${helpT(`${topic}.body`)} ${helpT(`${topic}.steps`)}`;
    const stems = new Set(words(text).map(stem));
    const overlap = terms.filter((term) => stems.has(term)).length;
    const hint = TOPIC_HINTS[topic].test(question) ? 3 : 0;
    return { topic, score: overlap + hint };
  })
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score);
}

export function relatedArticles(matches: TopicMatch[], helpT: Translate, max = 3): RelatedArticle[] {
  return matches.slice(0, max).map(({ topic }) => ({ title: helpT(`${topic}.title`), url: `/help#${topic}` }));
}

/**
 * A help-centre match this strong (its hint words plus a word of the topic's text, or several of its
 * words) answers a feature-guidance question from the help centre first, whatever the question's intent.
 */
export const HELP_FIRST_SCORE = 4;

/** Whether the help centre answers first: a how-to question, or a product question with a strong match. */
export function helpFirst(capability: string, intentKind: string, matches: readonly TopicMatch[]): boolean {
  if (!matches.length) return false;
  if (intentKind === "how_to") return true;
  return capability === "feature_guidance" && matches[0].score >= HELP_FIRST_SCORE;
}

/** An answer from the help centre's own words: the best topic's text and steps, and links to it. */
export function helpAnswer(
  question: string,
  matches: TopicMatch[],
  t: Translate,
  helpT: Translate,
): { body: string; relatedArticles: RelatedArticle[] } | null {
  const best = matches[0];
  if (!best) return null;
  const steps = helpT(`${best.topic}.steps`)
    .split("\n")
    .filter(Boolean)
    .map((step, i) => `${i + 1}. ${step}`);
  const lines = [t("help.intro", { title: helpT(`${best.topic}.title`) }), "", helpT(`${best.topic}.body`), "", ...steps];
  // Sharing one document is a step the help centre's roles topic does not spell out.
  if (/\bshar(e|ing)\b|compartir|partager|teilen|共有|分享/i.test(question)) lines.push("", t("help.shareDocument"));
  lines.push("", t("help.more"));
  return { body: lines.join("\n"), relatedArticles: relatedArticles(matches, helpT) };
}
