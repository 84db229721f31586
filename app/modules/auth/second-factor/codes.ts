/**
 * The shapes of second-factor codes, shared by the browser (what the field accepts) and the server (what it
 * checks). A code from the authenticator app is 6 digits; a recovery code is 10 letters and digits, shown as
 * two groups of five. The two never look alike, so one field takes either.
 */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: nothing a person can misread when copying a code from paper. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 10;

export type CodeKind = "totp" | "recovery_code";

/** Spaces and dashes are how people copy codes; they carry no meaning. */
function squeeze(code: string): string {
  return code.replace(/[\s-]+/g, "").toLowerCase();
}

export function classifyCode(raw: string): { kind: CodeKind; value: string } | null {
  const code = squeeze(raw);
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return { kind: "totp", value: code };
  if (code.length === RECOVERY_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c))) return { kind: "recovery_code", value: code };
  return null;
}

/** `abcde-fghij`: the form a recovery code is shown and printed in. */
export function formatRecoveryCode(code: string): string {
  const plain = squeeze(code);
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/** Fresh recovery codes, about 49 bits each, drawn without modulo bias. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = "";
    while (code.length < RECOVERY_LENGTH) {
      for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
        // 248 is the largest multiple of 31 below 256: bytes above it are dropped, so every letter is equally likely.
        if (byte < 248 && code.length < RECOVERY_LENGTH) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
      }
    }
    codes.add(code);
  }
  return [...codes].map(formatRecoveryCode);
}
