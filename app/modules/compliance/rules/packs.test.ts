import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import englishTexts from "./en-texts.json";
import { allRules, packSchema, RAW_PACKS, TRUST_EVENT_TYPES, TRUST_TYPES } from "./packs";

const texts: Record<string, string> = englishTexts;

describe("rule packs", () => {
  it.each(Object.keys(RAW_PACKS))("%s matches the schema", (file) => {
    const result = packSchema.safeParse(RAW_PACKS[file]);
    expect(result.success ? "ok" : result.error.message).toBe("ok");
  });

  it("refuses a rule citing an unofficial copy or rolling without saying why", () => {
    const [rule] = allRules();
    const bad = { jurisdiction: rule.jurisdiction, rules: [{ ...rule, sourceUrl: "https://example.com/16061.7", weekendCitation: undefined }] };
    const result = packSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.message).toContain("not an official source");
    expect(result.error?.message).toContain("cites why it rolls");
  });

  it("has unique ids and every pack required by the product", () => {
    const rules = allRules();
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    expect(new Set(rules.map((r) => r.jurisdiction))).toEqual(new Set(["CA", "TX", "FL", "NY", "GB-EWS", "US"]));
  });
});

describe("English texts", () => {
  it("has a sentence for every rule's title and explanation", () => {
    const missing = allRules()
      .flatMap((rule) => [rule.titleKey, rule.explanationKey])
      .filter((key) => !texts[key]?.trim());
    expect(missing).toEqual([]);
  });

  it("has a sentence for every reason the engine can give, and words for every event and trust type", () => {
    const source = readFileSync(fileURLToPath(new URL("./engine.ts", import.meta.url)), "utf8");
    const reasonKeys = [...source.matchAll(/"(reasons\.[A-Za-z.]+[A-Za-z])"/g)].map((match) => match[1]);
    // The keys built at run time: three per flag a rule can require (applies; the profile says no; nobody has said).
    reasonKeys.push(
      "reasons.applies.flag.estateTaxReturnRequired",
      "reasons.notApplies.flag.estateTaxReturnRequired",
      "reasons.notApplies.flagUnanswered.estateTaxReturnRequired",
    );
    expect(reasonKeys.length).toBeGreaterThan(15);
    const wanted = [...reasonKeys, ...TRUST_EVENT_TYPES.map((t) => `events.${t}`), ...TRUST_TYPES.map((t) => `trustTypes.${t}`)];
    expect(wanted.filter((key) => !texts[key]?.trim())).toEqual([]);
  });

  it("has no text for a key nothing uses", () => {
    const ruleKeys = new Set(allRules().flatMap((rule) => [rule.titleKey, rule.explanationKey]));
    const stale = Object.keys(texts).filter((key) => key.startsWith("rules.") && !ruleKeys.has(key));
    expect(stale).toEqual([]);
  });
});
