/** Letters and digits that cannot be mistaken for one another on a phone keyboard or screen. */
const ALPHABET = "ACDEFHJKMNPRTWXY3479";
export const REPLY_CODE_LENGTH = 3;

/** A fresh reply code such as "K7Q"; the caller retries when the phone already uses it. */
export function newReplyCode(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  return Array.from(random(REPLY_CODE_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** Words a carrier and Twilio treat as opting out of, or back into, messages from a number. */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const START_WORDS = new Set(["START", "YES", "UNSTOP", "OPTIN"]);

/** `code` is only a candidate: the caller keeps it (and `afterCode`) when the phone really has that code. */
export type InboundIntent = { kind: "stop" } | { kind: "start" } | { kind: "message"; code: string | null; afterCode: string; body: string };

/**
 * What an incoming text means: a STOP or START keyword (the whole message, any case), or a message,
 * with the reply code it starts with ("#K7Q thanks", "k7q: thanks") taken off.
 */
export function readInbound(text: string): InboundIntent {
  const trimmed = text.trim();
  const word = trimmed.toUpperCase().replace(/[.!]+$/, "");
  if (STOP_WORDS.has(word)) return { kind: "stop" };
  if (START_WORDS.has(word)) return { kind: "start" };
  const match = /^#?([A-Za-z0-9]{3})(?=$|[\s:,.-])[\s:,.-]*/.exec(trimmed);
  if (match && [...match[1].toUpperCase()].every((c) => ALPHABET.includes(c))) {
    return { kind: "message", code: match[1].toUpperCase(), afterCode: trimmed.slice(match[0].length).trim(), body: trimmed };
  }
  return { kind: "message", code: null, afterCode: trimmed, body: trimmed };
}
