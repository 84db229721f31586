import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "~/modules/preferences/languages";
import type { AppConfig } from "~/platform/env.server";
import { composeEmail, type WorkspaceLook } from "./compose.server";
import { digestDue } from "./digest.server";
import { contentOf } from "./notification-mail.server";
import { markupToText, safeMarkup } from "./sanitize";
import { cleanChanges } from "./service.server";
import { EMAIL_MERGE_FIELDS, EMAIL_TEMPLATE_KEYS, SECURITY_TEMPLATES, unknownFields } from "./templates";
import { readUnsubscribe, signUnsubscribe } from "./unsubscribe-token.server";

const config = { PUBLIC_ORIGIN: "https://trust.example", PASSWORD_PEPPER: "a-pepper-for-tests-only-0123456789" } as AppConfig;
const everyField = EMAIL_MERGE_FIELDS.map((f) => `{{${f}}}`).join(" ");
const look: WorkspaceLook = {
  workspaceName: "The Hartwell Family Trust",
  familyName: "The Hartwell family",
  greeting: "Dear {{recipient.firstName}} of {{family.name}},",
  signature: "<p>With love, <b>Eleanor</b> — {{trust.name}}</p>",
  accentTheme: "ocean",
  intros: Object.fromEntries(EMAIL_TEMPLATE_KEYS.map((key) => [key, `<p>Intro for ${key}: ${everyField} <a href="{{link.app}}">open</a></p>`])),
};
const sophie = { userId: "u-sophie", email: "sophie@hartwell.example", name: "Sophie Hartwell", firstName: "Sophie", language: "en" };

describe("every e-mail in every language", () => {
  it("renders all 7 templates in all 12 languages with every merge field filled and no key showing", async () => {
    for (const language of LANGUAGE_CODES) {
      for (const key of EMAIL_TEMPLATE_KEYS) {
        const mail = await composeEmail(config, look, {
          key,
          workspaceId: "ws-1",
          to: { ...sophie, language },
          content: {
            subject: `Subject ${key}`,
            paragraphs: ["First paragraph https://trust.example/documents"],
            action: { label: "Open", url: "https://trust.example/x" },
          },
          unsubscribeScope: "vote_required",
          inviter: "Eleanor Hartwell",
        });
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part, `${key} in ${language}`).not.toMatch(/\{\{|\}\}|undefined|null|frame\.|core\./);
        }
        expect(mail.html).toContain(`lang="${language}"`);
        expect(mail.html).toContain(`dir="${language === "ar" ? "rtl" : "ltr"}"`);
        expect(mail.text).toContain("Sophie");
        if (SECURITY_TEMPLATES.has(key)) {
          // Security mail: the family's greeting only; no intro, no signature, no family heading, no unsubscribe.
          expect(mail.text).not.toContain("Intro for");
          expect(mail.text).not.toContain("With love");
          expect(mail.headers).toBeUndefined();
        } else {
          expect(mail.text).toContain(`Intro for ${key}: Sophie Hartwell Sophie The Hartwell family The Hartwell Family Trust https://trust.example/dashboard`);
          expect(mail.html).toContain('href="https://trust.example/dashboard"');
          expect(mail.text).toContain("With love, Eleanor — The Hartwell Family Trust");
        }
        const unsubscribable = ["notification", "reminder", "digest"].includes(key);
        expect(Boolean(mail.headers?.["List-Unsubscribe"]), `${key} unsubscribe`).toBe(unsubscribable);
        if (unsubscribable) {
          expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
          expect(mail.text).toContain("https://trust.example/unsubscribe?token=");
        }
      }
    }
  });

  it("keeps dark mode readable and escapes every value", async () => {
    const mail = await composeEmail(
      config,
      { ...look, familyName: `<script>alert(1)</script>` },
      {
        key: "notification",
        workspaceId: "ws-1",
        to: { ...sophie, name: `Sophie "<b>"`, firstName: `<img src=x>` },
        content: { subject: "Hi <there>", paragraphs: ["A <b>tag</b> stays text"] },
        unsubscribeScope: "all",
      },
    );
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toContain("@media (prefers-color-scheme:dark)");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("A &lt;b&gt;tag&lt;/b&gt; stays text");
    expect(mail.html).toContain("border-top:6px solid #1d4ed8");
  });

  it("greets neutrally when the greeting names what the person lacks (an invitation to an address)", async () => {
    const mail = await composeEmail(config, look, {
      key: "invitation",
      workspaceId: "ws-1",
      to: { userId: null, email: "new@example.com", name: null, firstName: null, language: "fr" },
      content: { subject: "Invitation", paragraphs: ["Body"] },
      inviter: "Eleanor",
    });
    expect(mail.text).toContain("Bonjour,");
    expect(mail.headers).toBeUndefined();
  });
});

describe("safe markup", () => {
  it("keeps emphasis, lists and https links, and takes out scripts, handlers and other schemes", () => {
    const { html, changed } = safeMarkup(
      `<p onclick="x()">Hi <b>all</b> <script>steal()</script><a href="javascript:alert(1)">bad</a> <a href="https://ok.example/a?b=1&c=2">ok</a><img src=x onerror=y><style>p{}</style></p>`,
    );
    expect(changed).toBe(true);
    expect(html).toBe(`<p>Hi <b>all</b> bad <a href="https://ok.example/a?b=1&amp;c=2">ok</a></p>`);
    expect(markupToText(html)).toBe("Hi all bad ok (https://ok.example/a?b=1&c=2)");
  });

  it("never lets a script tag through, whatever is generated", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("<", ">", "script", "/", "scr", "ipt", "<b>", "</b>", " ", "a", "=", '"', "on", "href", "javascript:", "<a ", "<p>"), {
          maxLength: 40,
        }),
        (parts) => {
          const { html } = safeMarkup(parts.join(""));
          const lower = html.toLowerCase();
          // No script element, no event handler inside a tag, and every address a link keeps is https or mailto.
          expect(lower).not.toMatch(/<script|<[a-z]+[^>]*\son[a-z]+=/);
          for (const href of lower.matchAll(/<a[^>]*href="([^"]*)"/g)) expect(href[1]).toMatch(/^(https:\/\/|mailto:|\{\{link\.app\}\})/);
        },
      ),
    );
  });

  it("names unknown merge fields and refuses an intro on security mail", () => {
    expect(unknownFields("Dear {{recipeint.name}} {{recipient.name}} {{ trust.nam }}")).toEqual(["recipeint.name", "trust.nam"]);
    expect(() => cleanChanges("notification", { intro: "Hi {{nope}}" })).toThrow(/unknownFields/);
    expect(() => cleanChanges("reset_password", { intro: "Hi" })).toThrow(/securityGreetingOnly/);
    expect(cleanChanges("reset_password", { greeting: "Hi {{recipient.firstName}}," }).clean.greeting).toBe("Hi {{recipient.firstName}},");
    expect(cleanChanges("notification", { greeting: "<b>Hi</b> {{recipient.firstName}}" })).toEqual({
      clean: { familyName: undefined, greeting: "Hi {{recipient.firstName}}", signature: undefined, accentTheme: undefined, intro: undefined },
      markupRemoved: true,
    });
  });
});

describe("unsubscribe links", () => {
  const peppers = { current: config.PASSWORD_PEPPER, version: 1 };
  it("reads back what it signed and refuses any change", async () => {
    const claim = { userId: "u-1", workspaceId: "ws-1", scope: "vote_required" };
    const token = await signUnsubscribe(config.PASSWORD_PEPPER, claim);
    expect(await readUnsubscribe(peppers, token)).toEqual(claim);
    const [payload, mac] = token.split(".");
    const other = await signUnsubscribe(config.PASSWORD_PEPPER, { ...claim, userId: "u-2" });
    expect(await readUnsubscribe(peppers, `${other.split(".")[0]}.${mac}`)).toBeNull();
    expect(await readUnsubscribe(peppers, `${payload}.${mac!.slice(0, -2)}AA`)).toBeNull();
    expect(await readUnsubscribe({ current: "another-pepper-entirely-0123456789", version: 2 }, token)).toBeNull();
    expect(await readUnsubscribe(peppers, "garbage")).toBeNull();
  });

  it("keeps links sent before a pepper rotation working until the previous pepper is removed", async () => {
    const claim = { userId: "u-1", workspaceId: "ws-1", scope: "all" };
    const token = await signUnsubscribe(config.PASSWORD_PEPPER, claim);
    const next = "another-pepper-entirely-0123456789";
    expect(await readUnsubscribe({ current: next, version: 2, previous: config.PASSWORD_PEPPER }, token)).toEqual(claim);
    expect(await readUnsubscribe({ current: next, version: 2 }, token)).toBeNull();
  });
});

describe("digests", () => {
  const at = (iso: string) => new Date(iso);
  it("go daily from 8:00 once a local day, weekly six days apart, and at once when turned off", () => {
    expect(digestDue("daily", null, at("2026-11-28T07:59:00Z"), null)).toBe(false);
    expect(digestDue("daily", null, at("2026-11-28T08:00:00Z"), null)).toBe(true);
    expect(digestDue("daily", at("2026-11-28T08:00:00Z"), at("2026-11-28T20:00:00Z"), null)).toBe(false);
    expect(digestDue("daily", at("2026-11-28T08:00:00Z"), at("2026-11-29T08:10:00Z"), null)).toBe(true);
    expect(digestDue("weekly", at("2026-11-28T08:00:00Z"), at("2026-12-02T09:00:00Z"), null)).toBe(false);
    expect(digestDue("weekly", at("2026-11-28T08:00:00Z"), at("2026-12-04T09:00:00Z"), null)).toBe(true);
    expect(digestDue("off", at("2026-11-28T08:00:00Z"), at("2026-11-28T03:00:00Z"), null)).toBe(true);
    // 8:00 in New York is 13:00 UTC.
    expect(digestDue("daily", null, at("2026-11-28T12:00:00Z"), "America/New_York")).toBe(false);
    expect(digestDue("daily", null, at("2026-11-28T13:05:00Z"), "America/New_York")).toBe(true);
  });

  it("make the last line of a notification that is our own address its button", () => {
    expect(contentOf({ subject: "S", text: "Eleanor asked.\n\nhttps://trust.example/polling/1" }, "en", "https://trust.example")).toEqual({
      subject: "S",
      paragraphs: ["Eleanor asked."],
      action: { label: "Open in the platform", url: "https://trust.example/polling/1" },
    });
    expect(contentOf({ subject: "S", text: "See https://evil.example/x" }, "en", "https://trust.example").action).toBeUndefined();
  });
});
