import { describe, expect, it } from "vitest";
import { englishT } from "./test-i18n";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, strictSchemas } from "./validation";

const t = englishT();
/** The first message per field: what the form shows under it. */
const messages = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) => {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join(".")] ??= issue.message;
  return first;
};

const valid = {
  name: "Eleanor Hartwell",
  username: "eleanor_h",
  email: "eleanor@example.com",
  password: "Str0ng&Secure!",
  confirmPassword: "Str0ng&Secure!",
};

describe("login schema (spec section 5)", () => {
  it("accepts a valid login with or without rememberMe", () => {
    expect(loginSchema(t).safeParse({ email: "a@b.co", password: "12345678" }).success).toBe(true);
    expect(loginSchema(t).safeParse({ email: "a@b.co", password: "12345678", rememberMe: true }).success).toBe(true);
  });
  it.each([
    [{ email: "not-an-email", password: "12345678" }, "email", "Invalid email address"],
    [{ password: "12345678" }, "email", "Invalid email address"],
    [{ email: 42, password: "12345678" }, "email", "Invalid email address"],
    [{ email: "a@b.co", password: "1234567" }, "password", "Password must be at least 8 characters"],
    [{ email: "a@b.co" }, "password", "Password must be at least 8 characters"],
  ])("%j → %s: %s", (input, field, message) => {
    expect(messages(loginSchema(t).safeParse(input))[field]).toBe(message);
  });
});

describe("registration schema (spec section 5)", () => {
  it("accepts a valid registration, phone optional", () => {
    expect(registerSchema(t).safeParse(valid).success).toBe(true);
    expect(registerSchema(t).safeParse({ ...valid, phone: "+1 555 0100" }).success).toBe(true);
  });
  it.each([
    [{ name: "E" }, "name", "Name must be at least 2 characters"],
    [{ name: "x".repeat(101) }, "name", "Name must be at most 100 characters"],
    [{ username: "ab" }, "username", "Username must be at least 3 characters"],
    [{ username: "x".repeat(51) }, "username", "Username must be at most 50 characters"],
    [{ username: "bad-name" }, "username", "Username can only contain letters, numbers, and underscores"],
    [{ username: "with space" }, "username", "Username can only contain letters, numbers, and underscores"],
    [{ email: "nope" }, "email", "Invalid email address"],
    [{ password: "Sh0rt!", confirmPassword: "Sh0rt!" }, "password", "Password must be at least 12 characters"],
    [
      { password: "alllowercase1!", confirmPassword: "alllowercase1!" },
      "password",
      "Password must contain uppercase, lowercase, number, and special character",
    ],
    [
      { password: "ALLUPPERCASE1!", confirmPassword: "ALLUPPERCASE1!" },
      "password",
      "Password must contain uppercase, lowercase, number, and special character",
    ],
    [
      { password: "NoDigitsHere!!", confirmPassword: "NoDigitsHere!!" },
      "password",
      "Password must contain uppercase, lowercase, number, and special character",
    ],
    [
      { password: "NoSpecial12345", confirmPassword: "NoSpecial12345" },
      "password",
      "Password must contain uppercase, lowercase, number, and special character",
    ],
    [
      { password: "Hash#NotAllowed1", confirmPassword: "Hash#NotAllowed1" },
      "password",
      "Password must contain uppercase, lowercase, number, and special character",
    ],
    [{ confirmPassword: "Different&Pass1" }, "confirmPassword", "Passwords don't match"],
  ])("%j → %s: %s", (patch, field, message) => {
    expect(messages(registerSchema(t).safeParse({ ...valid, ...patch }))[field]).toBe(message);
  });
  it("accepts each special character of @$!%*?&", () => {
    for (const c of "@$!%*?&") {
      const password = `Abcdefghij1${c}`;
      expect(registerSchema(t).safeParse({ ...valid, password, confirmPassword: password }).success).toBe(true);
    }
  });
});

describe("forgot and reset schemas", () => {
  it("forgot password needs a valid email", () => {
    expect(messages(forgotPasswordSchema(t).safeParse({ email: "x" })).email).toBe("Invalid email address");
    expect(forgotPasswordSchema(t).safeParse({ email: "a@b.co" }).success).toBe(true);
  });
  it("reset applies the registration password rules and the match", () => {
    const token = "a".repeat(43);
    expect(resetPasswordSchema(t).safeParse({ token, password: valid.password, confirmPassword: valid.password }).success).toBe(true);
    expect(messages(resetPasswordSchema(t).safeParse({ token, password: "short", confirmPassword: "short" })).password).toBe(
      "Password must be at least 12 characters",
    );
  });
});

describe("strict API schemas", () => {
  it("refuse unknown fields", () => {
    const result = strictSchemas.login(t).safeParse({ email: "a@b.co", password: "12345678", admin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].code).toBe("unrecognized_keys");
  });
});

describe("password confirmation", () => {
  it("reports the mismatch even while other fields are still empty", () => {
    const result = registerSchema(t).safeParse({ password: "Str0ng&Secure!", confirmPassword: "Other&Secure1!" });
    expect(messages(result).confirmPassword).toBe("Passwords don't match");
    expect(messages(result).name).toBe("Name must be at least 2 characters");
  });
});
