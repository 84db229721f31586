import { Secret, TOTP } from "otpauth";

/** RFC 6238 defaults that every authenticator app understands: SHA-1, 6 digits, 30 seconds. */
export const TOTP_PERIOD_S = 30;
/** One step either side: a phone clock a little off, or a code typed as it changed. */
export const TOTP_WINDOW = 1;

/** A new 160-bit shared secret (RFC 4226's recommended size), base32 as the apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, account = "", issuer = "") {
  return new TOTP({ issuer, label: account, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://` address the QR code holds: the issuer and account name are what the app lists it under. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** The 30-second step a moment falls in. */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_S);
}

/**
 * The step a code is valid for at `now`, or null. A step at or before `lastUsedStep` is refused, so a code
 * overheard or replayed within its minute does not work a second time.
 */
export function matchTotp(secret: string, code: string, now: number, lastUsedStep: number | null): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
