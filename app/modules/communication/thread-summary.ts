/**
 * The offline engine's summary of a thread: no model, so it does not rewrite anything. It picks the messages that
 * carry the thread (decisions, amounts, dates, questions, and the longest), quotes each one's first sentence with its
 * author, and cites it by number, in the thread's order. Honest about what it is: extracts, not a retelling.
 */
export interface ThreadMessage {
  seq: number;
  authorName: string;
  body: string;
}

export interface SummaryPoint {
  text: string;
  messages: number[];
}

const SIGNALS = [
  /\d/, // amounts, dates, counts
  /[$€£¥]/,
  /\?/,
  /\b(approve|approved|agree|agreed|decide|decided|vote|voted|deadline|due|sign|signed|pay|paid|distribution|meeting|tax)\w*/i,
];

export function offlineSummary(messages: readonly ThreadMessage[], points = 5): SummaryPoint[] {
  const scored = messages.map((m, index) => ({
    m,
    index,
    score: SIGNALS.reduce((sum, signal) => sum + (signal.test(m.body) ? 2 : 0), 0) + Math.min(m.body.length / 200, 2) + (index === messages.length - 1 ? 1 : 0),
  }));
  return scored
    .sort((a, b) => b.score - a.score || b.index - a.index)
    .slice(0, points)
    .sort((a, b) => a.index - b.index)
    .map(({ m }) => ({ text: `${m.authorName}: ${firstSentence(m.body)}`, messages: [m.seq] }));
}

function firstSentence(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  const end = flat.search(/[.!?。！？](\s|$)/);
  const sentence = end >= 0 && end < 200 ? flat.slice(0, end + 1) : flat.slice(0, 200);
  return sentence.length < flat.length && !/[.!?。！？]$/.test(sentence) ? `${sentence}…` : sentence;
}
