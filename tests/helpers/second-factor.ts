// The authenticator app, for the worker tests that sign in with a second factor.
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { STRONG_PASSWORD, type Client } from "./client";

/** The code an authenticator app shows `offsetSeconds` from now. */
export const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** Sets up the authenticator app for a signed-in client; returns its secret and the recovery codes. */
export async function enrolTotp(client: Client) {
  const setup = await client.postJson("/api/auth/factors/totp-setup", {});
  expect(setup.status).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await client.postJson("/api/auth/factors/totp-confirm", { code: codeAt(secret), password: STRONG_PASSWORD });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}
