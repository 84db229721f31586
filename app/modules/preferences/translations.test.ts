import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundledResources } from "~/locales.generated";
import { TRANSLATED_LANGUAGES } from "./languages";

const root = join(__dirname, "../../../public/locales");
const read = (lng: string, file: string) => JSON.parse(readFileSync(join(root, lng, file), "utf8")) as Record<string, string>;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  const files = readdirSync(join(root, "en")).filter((f) => f.endsWith(".json"));

  for (const lng of TRANSLATED_LANGUAGES.filter((l) => l !== "en")) {
    it(`${lng} has every English key, with the same placeholders`, () => {
      for (const file of files) {
        const en = read("en", file);
        const other = read(lng, file);
        const missing = Object.keys(en).filter((k) => typeof other[k] !== "string" || other[k].trim() === "");
        expect(missing, `${lng}/${file} is missing keys`).toEqual([]);
        const mismatched = Object.keys(en).filter((k) => placeholders(other[k]).join() !== placeholders(en[k]).join());
        expect(mismatched, `${lng}/${file} changes placeholders`).toEqual([]);
      }
    });
  }

  it("only the six translated languages have files, and the Worker bundles all of them", () => {
    expect(readdirSync(root).sort()).toEqual([...TRANSLATED_LANGUAGES].sort());
    expect(Object.keys(bundledResources).sort()).toEqual([...TRANSLATED_LANGUAGES].sort());
    for (const lng of TRANSLATED_LANGUAGES)
      expect(Object.keys(bundledResources[lng as keyof typeof bundledResources]).sort()).toEqual(files.map((f) => f.replace(".json", "")).sort());
  });
});
