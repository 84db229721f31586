import { describe, expect, it } from "vitest";
import { hashRecoveryCode, madeBeforeRotation, openSecret, recoveryCodeHashes, sealSecret } from "./secret-box.server";

const OLD = "unit-test-pepper-with-at-least-32-characters";
const NEW = "the-next-unit-test-pepper-also-32-characters-long";
const before = { current: OLD, version: 1 };
const during = { current: NEW, version: 2, previous: OLD };
const after = { current: NEW, version: 2 };

describe("second-factor secrets at rest", () => {
  it("seals a secret so that only the same pepper and user open it", async () => {
    const box = await sealSecret(before, "user-1", "JBSWY3DPEHPK3PXP");
    expect(box).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(box).not.toContain("JBSWY3DPEHPK3PXP");
    expect(await openSecret(before, "user-1", box)).toEqual({ secret: "JBSWY3DPEHPK3PXP", stale: false });
    expect(await openSecret(before, "user-2", box)).toBeNull();
    expect(await openSecret(after, "user-1", box)).toBeNull();
    expect(await openSecret(before, "user-1", "v1.garbage")).toBeNull();
  });

  it("opens a secret sealed before a pepper rotation while the previous pepper is kept, and says it is stale", async () => {
    const box = await sealSecret(before, "user-1", "JBSWY3DPEHPK3PXP");
    expect(await openSecret(during, "user-1", box)).toEqual({ secret: "JBSWY3DPEHPK3PXP", stale: true });
    const resealed = await sealSecret(during, "user-1", "JBSWY3DPEHPK3PXP");
    expect(await openSecret(during, "user-1", resealed)).toEqual({ secret: "JBSWY3DPEHPK3PXP", stale: false });
    expect(await openSecret(after, "user-1", resealed)).toEqual({ secret: "JBSWY3DPEHPK3PXP", stale: false });
  });

  it("uses a fresh nonce each time", async () => {
    expect(await sealSecret(before, "u", "s")).not.toBe(await sealSecret(before, "u", "s"));
  });

  it("hashes recovery codes with a key and the pepper's number: the same code gives the same hash, another pepper another", async () => {
    const a = await hashRecoveryCode(before, "abcde23456");
    expect(a).toMatch(/^p1\.[A-Za-z0-9_-]{43}$/);
    expect(await hashRecoveryCode(before, "abcde23456")).toBe(a);
    expect(await hashRecoveryCode(before, "abcde23457")).not.toBe(a);
    expect((await hashRecoveryCode(after, "abcde23456")).slice(3)).not.toBe(a.slice(3));
  });

  it("matches a recovery code made before the rotation while the previous pepper is kept, and tells those codes apart", async () => {
    const old = await hashRecoveryCode(before, "abcde23456");
    expect(await recoveryCodeHashes(during, "abcde23456")).toContain(old);
    expect(await recoveryCodeHashes(after, "abcde23456")).not.toContain(old);
    // The first stored form had no number: it still matches under the pepper that made it.
    expect(await recoveryCodeHashes(before, "abcde23456")).toContain(old.slice(3));
    expect(madeBeforeRotation(old, during)).toBe(true);
    expect(madeBeforeRotation(await hashRecoveryCode(during, "abcde23456"), during)).toBe(false);
    // The first form, without a number, counts as old while a rotation is under way, and not otherwise.
    expect(madeBeforeRotation(old.slice(3), during)).toBe(true);
    expect(madeBeforeRotation(old.slice(3), before)).toBe(false);
  });
});
