import { describe, expect, it } from "vitest";
import { hashRecoveryCode, openSecret, sealSecret } from "./secret-box.server";

const PEPPER = "unit-test-pepper-with-at-least-32-characters";

describe("second-factor secrets at rest", () => {
  it("seals a secret so that only the same pepper and user open it", async () => {
    const box = await sealSecret(PEPPER, "user-1", "JBSWY3DPEHPK3PXP");
    expect(box).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(box).not.toContain("JBSWY3DPEHPK3PXP");
    expect(await openSecret(PEPPER, "user-1", box)).toBe("JBSWY3DPEHPK3PXP");
    expect(await openSecret(PEPPER, "user-2", box)).toBeNull();
    expect(await openSecret(`${PEPPER}-rotated`, "user-1", box)).toBeNull();
    expect(await openSecret(PEPPER, "user-1", "v1.garbage")).toBeNull();
  });

  it("uses a fresh nonce each time", async () => {
    expect(await sealSecret(PEPPER, "u", "s")).not.toBe(await sealSecret(PEPPER, "u", "s"));
  });

  it("hashes recovery codes with a key: the same code gives the same hash, another pepper another", async () => {
    const a = await hashRecoveryCode(PEPPER, "abcde23456");
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await hashRecoveryCode(PEPPER, "abcde23456")).toBe(a);
    expect(await hashRecoveryCode(PEPPER, "abcde23457")).not.toBe(a);
    expect(await hashRecoveryCode(`${PEPPER}-rotated`, "abcde23456")).not.toBe(a);
  });
});
