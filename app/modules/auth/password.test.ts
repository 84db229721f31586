import { describe, expect, it } from "vitest";
import { DUMMY_HASH, derive, hashPassword, needsRehash, parseHash, PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS, verifyPassword } from "./password.server";

const PEPPER = "unit-test-pepper-with-at-least-32-characters";

describe("password hashing", () => {
  it("stays within Cloudflare's production PBKDF2 limit of 100,000 iterations", async () => {
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const params = parseHash(await hashPassword("Correct&Horse1", PEPPER));
    expect(params?.iterations).toBeLessThanOrEqual(100_000);
  });

  it("refuses to derive with more iterations than production allows (local workerd would not)", async () => {
    await expect(derive("x", PEPPER, new Uint8Array(16), 100_001)).rejects.toThrow(RangeError);
    await expect(hashPassword("x", PEPPER, 200_000)).rejects.toThrow(RangeError);
    expect(await verifyPassword("x", "pbkdf2-sha256$i=600000$p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAA", PEPPER)).toBe(false);
  });

  it("stores its parameters beside the hash and uses a fresh salt each time", async () => {
    const a = await hashPassword("Correct&Horse1", PEPPER);
    const b = await hashPassword("Correct&Horse1", PEPPER);
    expect(a).toMatch(/^pbkdf2-sha256\$i=100000\$p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("Correct&Horse1", PEPPER);
    expect(await verifyPassword("Correct&Horse1", stored, PEPPER)).toBe(true);
    expect(await verifyPassword("correct&horse1", stored, PEPPER)).toBe(false);
  });

  it("depends on the server-side pepper", async () => {
    const stored = await hashPassword("Correct&Horse1", PEPPER);
    expect(await verifyPassword("Correct&Horse1", stored, `${PEPPER}-rotated`)).toBe(false);
  });

  it("never accepts anything against the dummy hash used for unknown e-mails", async () => {
    expect(await verifyPassword("", DUMMY_HASH, PEPPER)).toBe(false);
    expect(await verifyPassword("Correct&Horse1", DUMMY_HASH, PEPPER)).toBe(false);
  });

  it("rotates the pepper: the previous one still verifies its hashes, which are re-made with the new one", async () => {
    const old = await hashPassword("Correct&Horse1", PEPPER);
    const rotated = { current: `${PEPPER}-new`, version: 2, previous: PEPPER };
    expect(await verifyPassword("Correct&Horse1", old, rotated)).toBe(true);
    expect(await verifyPassword("wrong", old, rotated)).toBe(false);
    expect(needsRehash(old, 2)).toBe(true);
    const renewed = await hashPassword("Correct&Horse1", rotated);
    expect(parseHash(renewed)?.pepperVersion).toBe(2);
    expect(needsRehash(renewed, 2)).toBe(false);
    expect(await verifyPassword("Correct&Horse1", renewed, rotated)).toBe(true);
    // Once the previous pepper is dropped (or two rotations on), the old hash no longer verifies.
    expect(await verifyPassword("Correct&Horse1", old, { current: `${PEPPER}-new`, version: 2 })).toBe(false);
    expect(await verifyPassword("Correct&Horse1", old, { current: `${PEPPER}-3`, version: 3, previous: `${PEPPER}-new` })).toBe(false);
  });

  it("flags weaker hashes for an upgrade at the next sign-in", async () => {
    expect(needsRehash(await hashPassword("x", PEPPER, 10_000))).toBe(true);
    expect(needsRehash(await hashPassword("x", PEPPER))).toBe(false);
    expect(needsRehash("garbage")).toBe(true);
  });
});
