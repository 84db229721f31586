import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { matchTotp, newTotpSecret, otpauthUri, TOTP_PERIOD_S, totpStep } from "./totp";

const at = (secret: string, timestamp: number) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) }).generate({ timestamp });

describe("TOTP (RFC 6238)", () => {
  const now = Date.UTC(2026, 10, 28, 12, 0, 10);

  it("makes a 160-bit base32 secret and an otpauth address the apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri(secret, "eleanor@hartwell.example", "Legal Document Platform"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Legal Document Platform");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(uri.pathname)).toContain("eleanor@hartwell.example");
  });

  it("accepts the current code and its neighbours, nothing further", () => {
    const secret = newTotpSecret();
    const step = totpStep(now);
    expect(matchTotp(secret, at(secret, now), now, null)).toBe(step);
    expect(matchTotp(secret, at(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(secret, at(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(secret, at(secret, now - 90_000), now, null)).toBeNull();
    expect(matchTotp(secret, at(newTotpSecret(), now), now, null)).toBeNull();
  });

  it("refuses a code for a step already used (no replay within its window)", () => {
    const secret = newTotpSecret();
    const step = totpStep(now);
    expect(matchTotp(secret, at(secret, now), now, step)).toBeNull();
    expect(matchTotp(secret, at(secret, now - 30_000), now, step)).toBeNull();
    expect(matchTotp(secret, at(secret, now + 30_000), now, step)).toBe(step + 1);
  });

  it("matches the RFC 6238 test vector (SHA-1, T = 59 s)", () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890", 8 digits 94287082; 6 digits are its last six.
    const secret = Secret.fromLatin1("12345678901234567890").base32;
    expect(matchTotp(secret, "287082", 59_000, null)).toBe(1);
  });
});
