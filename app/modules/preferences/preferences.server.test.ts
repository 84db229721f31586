import { describe, expect, it } from "vitest";
import { languageFromAcceptHeader } from "./languages";
import { resolveDisplayPreferences } from "./preferences.server";

function request(headers: Record<string, string>, url = "http://localhost/") {
  return new Request(url, { headers });
}

describe("display preferences", () => {
  it("defaults to English, Classic, light", () => {
    expect(resolveDisplayPreferences(request({}))).toEqual({ language: "en", theme: "black-white", darkMode: false });
  });

  it("uses the browser language's base code when supported", () => {
    expect(resolveDisplayPreferences(request({ "Accept-Language": "de-CH,de;q=0.9" })).language).toBe("de");
    expect(resolveDisplayPreferences(request({ "Accept-Language": "nl-NL,pt-BR;q=0.5" })).language).toBe("pt");
    expect(resolveDisplayPreferences(request({ "Accept-Language": "nl-NL" })).language).toBe("en");
  });

  it("honours q-values in Accept-Language", () => {
    expect(languageFromAcceptHeader("fr;q=0.2, ja;q=0.8")).toBe("ja");
    expect(languageFromAcceptHeader("ar;q=0, es")).toBe("es");
  });

  it("prefers the device cookie over the profile and the profile over the browser", () => {
    const saved = { language: "fr", theme: "ocean", darkMode: true };
    expect(resolveDisplayPreferences(request({ "Accept-Language": "de" }), saved)).toEqual({
      language: "fr",
      theme: "ocean",
      darkMode: true,
    });
    const cookie = "preferred-language=ar; theme=pride; darkMode=false";
    expect(resolveDisplayPreferences(request({ Cookie: cookie, "Accept-Language": "de" }), saved)).toEqual({
      language: "ar",
      theme: "pride",
      darkMode: false,
    });
  });

  it("ignores unknown values and malformed cookies", () => {
    const cookie = "preferred-language=xx; theme=neon; darkMode=maybe; broken=%E0%A4%A";
    expect(resolveDisplayPreferences(request({ Cookie: cookie }))).toEqual({
      language: "en",
      theme: "black-white",
      darkMode: false,
    });
  });

  it("previews a language from ?lng=", () => {
    expect(resolveDisplayPreferences(request({}, "http://localhost/?lng=ja")).language).toBe("ja");
  });
});
