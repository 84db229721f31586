import { describe, expect, it } from "vitest";
import { documentIdOf, linkedDocumentIds, mentionedNames, parseInline, parseMessage, plainText, safeHref } from "./format";

const DOC = "0b6c1f0e-3f2a-4c1d-9a7b-1234567890ab";

describe("message formatting", () => {
  it("reads bold, italic, code, links and mentions into a tree", () => {
    expect(parseInline("**Roof** is *urgent* `now` @**Eleanor Hartwell**")).toEqual([
      { t: "strong", c: [{ t: "text", v: "Roof" }] },
      { t: "text", v: " is " },
      { t: "em", c: [{ t: "text", v: "urgent" }] },
      { t: "text", v: " " },
      { t: "code", v: "now" },
      { t: "text", v: " " },
      { t: "mention", name: "Eleanor Hartwell" },
    ]);
  });

  it("never turns HTML or script links into anything but text", () => {
    expect(parseInline("<img src=x onerror=alert(1)>")).toEqual([{ t: "text", v: "<img src=x onerror=alert(1)>" }]);
    expect(parseInline("[click](javascript:alert(1))")).toEqual([{ t: "text", v: "[click](javascript:alert(1))" }]);
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref("/\\evil.example")).toBeNull();
    expect(safeHref("/documents/x")).toBe("/documents/x");
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("https://example.com/a")).toBe("https://example.com/a");
  });

  it("links bare addresses without the sentence's full stop", () => {
    const [link, rest] = parseInline("see https://irs.gov/forms.");
    expect(link).toEqual({ t: "text", v: "see " });
    expect(rest).toMatchObject({ t: "link", href: "https://irs.gov/forms" });
  });

  it("recognises links to this app's documents, relative or on our origin only", () => {
    expect(documentIdOf(`/documents/${DOC}`)).toBe(DOC);
    expect(documentIdOf(`https://app.example/documents/${DOC}?x=1`, "https://app.example")).toBe(DOC);
    expect(documentIdOf(`https://other.example/documents/${DOC}`, "https://app.example")).toBeNull();
    expect(linkedDocumentIds(`Please read /documents/${DOC} and [the deed](/documents/${DOC})`)).toEqual([DOC]);
  });

  it("makes lists and keeps line breaks", () => {
    expect(parseMessage("Agenda:\n- roof\n- taxes\n\n1. vote\n2. sign")).toEqual([
      { t: "p", lines: [[{ t: "text", v: "Agenda:" }]] },
      { t: "ul", items: [[{ t: "text", v: "roof" }], [{ t: "text", v: "taxes" }]] },
      { t: "ol", start: 1, items: [[{ t: "text", v: "vote" }], [{ t: "text", v: "sign" }]] },
    ]);
  });

  it("finds mentions and plain words", () => {
    expect(mentionedNames("hi @**James Hartwell** and @**james hartwell**")).toEqual(["james hartwell"]);
    expect(plainText("**Hi** @**Sophie Hartwell**, see [deed](/documents/x)")).toBe("Hi @Sophie Hartwell, see deed (/documents/x)");
  });
});
