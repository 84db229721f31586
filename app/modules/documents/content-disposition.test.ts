import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";

describe("contentDisposition (RFC 6266 / 8187)", () => {
  it("gives an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("attachment", "Testamento de José.pdf")).toBe(
      `attachment; filename="Testamento de Jose.pdf"; filename*=UTF-8''Testamento%20de%20Jos%C3%A9.pdf`,
    );
  });
  it("replaces what has no ASCII form", () => {
    expect(contentDisposition("attachment", "信託.pdf")).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E4%BF%A1%E8%A8%97.pdf`);
  });
  it("cannot be broken out of by quotes, semicolons or line breaks", () => {
    const header = contentDisposition("inline", 'a"; filename=evil.html\r\nX: y.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('inline; filename="a_; filename=evil.htmlX: y.pdf"')).toBe(true);
    expect(header).toContain("filename*=UTF-8''a%22%3B%20filename%3Devil.htmlX%3A%20y.pdf");
  });
});
