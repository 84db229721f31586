import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldsIn, perRecipientFields, plainText, renderTemplate } from "./merge-fields";

describe("merge fields", () => {
  it("finds known fields once each and names the unknown ones", () => {
    expect(fieldsIn("Dear {{recipient.firstName}}, {{ trust.name }} {{recipient.firstName}} {{recipeint.name}} {{}}")).toEqual({
      known: ["recipient.firstName", "trust.name"],
      unknown: ["recipeint.name", ""],
    });
    expect(perRecipientFields("{{trust.name}} paid {{distribution.amount}} to {{recipient.name}}")).toEqual(["distribution.amount", "recipient.name"]);
  });

  it("fills fields, says what is missing in words, and leaves unknown braces alone", () => {
    const text = renderTemplate(
      "Dear {{recipient.firstName}}, the meeting {{meeting.title}} is {{meeting.when}}. {{x}}",
      { "recipient.firstName": "Sophie", "meeting.title": "Roof" },
      (f) => `(no ${f})`,
    );
    expect(text).toBe("Dear Sophie, the meeting Roof is (no meeting.when). {{x}}");
  });

  it("takes markup out of templates, keeping the words", () => {
    expect(plainText("Hello <b>Sophie</b><script>alert(1)</script><!-- x --> <a href='x'>link</a>")).toEqual({ text: "Hello Sophie link", changed: true });
    expect(plainText("Amount < 5 and > 2")).toEqual({ text: "Amount < 5 and > 2", changed: false });
    expect(plainText("<scr<b>ipt>alert(1)</script>").text).toBe("ipt>alert(1)");
  });

  it("never leaves a tag behind, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("<", ">", "/", "scr", "ipt", "b", "script", "a href", " ", "x", "!--", "--")).map((parts) => parts.join("")),
        (s) => {
          expect(/<\/?[a-z][^>]*>/i.test(plainText(s).text)).toBe(false);
        },
      ),
    );
  });
});
