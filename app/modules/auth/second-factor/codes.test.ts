import { describe, expect, it } from "vitest";
import { classifyCode, formatRecoveryCode, generateRecoveryCodes, RECOVERY_CODE_COUNT } from "./codes";

describe("second-factor codes", () => {
  it("tells an authenticator code from a recovery code, whatever spaces or dashes were typed", () => {
    expect(classifyCode("123456")).toEqual({ kind: "totp", value: "123456" });
    expect(classifyCode(" 123 456 ")).toEqual({ kind: "totp", value: "123456" });
    expect(classifyCode("ABCDE-23456")).toEqual({ kind: "recovery_code", value: "abcde23456" });
    expect(classifyCode("abcde 23456")).toEqual({ kind: "recovery_code", value: "abcde23456" });
  });

  it("refuses anything of another shape (not counted as a guess)", () => {
    for (const bad of ["", "12345", "1234567", "abcde-2345", "abcde-234567", "abcd0-23456", "abcde-2345l", "<script>", "1".repeat(100)]) {
      expect(classifyCode(bad)).toBeNull();
    }
  });

  it("makes ten distinct recovery codes from an alphabet without look-alikes", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(classifyCode(code)?.kind).toBe("recovery_code");
    }
  });

  it("uses every letter of its alphabet (no bias towards some)", () => {
    const seen = new Set(generateRecoveryCodes(200).join("").replace(/-/g, ""));
    expect(seen.size).toBe(31);
  });

  it("shows a code as two groups of five", () => {
    expect(formatRecoveryCode("ABCDE23456")).toBe("abcde-23456");
  });
});
