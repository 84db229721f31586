import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeActivity, type ActivityTranslator } from "./activity";

const LOCALES = ["en", "es", "fr", "de", "ja", "zh"];
const dictionary = (lng: string) => JSON.parse(readFileSync(`public/locales/${lng}/dashboard.json`, "utf8")) as Record<string, string>;

/** Every audit action code written by the app: the dotted string literals inside calls that write the audit log. */
function auditCodesInSource(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk("app");
  const codes = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    // ctx.audit({ action: … }), ctx.auditStatement({ … }), auditRow({ action: … }), recordAudit(db, { … }), documentAudit(ctx, session, "…"), the polls' audit(ctx, session, "…").
    for (const call of source.matchAll(/\b(?:audit|auditStatement|auditRow|recordAudit|documentAudit|auditPoll)\(/g)) {
      let depth = 0;
      let end = call.index + call[0].length - 1;
      for (; end < source.length; end++) {
        if (source[end] === "(") depth++;
        else if (source[end] === ")" && --depth === 0) break;
      }
      for (const literal of source.slice(call.index, end).matchAll(/"([a-z]+(?:\.[a-z_]+)+)"/g)) codes.add(literal[1]);
    }
  }
  return [...codes].sort();
}

const translator = (lng: string): ActivityTranslator => {
  const d = dictionary(lng);
  return {
    exists: (key) => key in d,
    t: (key, options) => (d[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? "")),
  };
};

describe("audit entries as sentences", () => {
  const codes = auditCodesInSource();

  it("finds the app's audit codes", () => {
    expect(codes.length).toBeGreaterThan(50);
    expect(codes).toEqual(expect.arrayContaining(["auth.login", "poll.access_denied", "document.version_restore", "chat.topic.resolve", "chat.sms.opt_out"]));
  });

  it.each(LOCALES)("every code written in the app has a sentence in %s", (lng) => {
    const d = dictionary(lng);
    expect(codes.filter((code) => !d[`activity.${code}`])).toEqual([]);
  });

  it("uses the actor's name and never shows the raw code", () => {
    const en = translator("en");
    for (const code of codes) {
      for (const outcome of ["success", "failure", "denied"]) {
        const line = describeActivity({ action: code, outcome, actorName: "Eleanor Hartwell" }, en);
        expect(line.sentence).not.toContain(code);
        expect(line.sentence).not.toMatch(/\{\{/);
      }
    }
    expect(describeActivity({ action: "poll.create", outcome: "success", actorName: "Eleanor Hartwell" }, en)).toEqual({
      sentence: "Eleanor Hartwell created a poll",
      outcome: null,
    });
  });

  it("says who was refused, without repeating it", () => {
    const en = translator("en");
    expect(describeActivity({ action: "poll.access_denied", outcome: "denied", actorName: null }, en)).toEqual({
      sentence: "Someone was refused access to a poll",
      outcome: null,
    });
    expect(describeActivity({ action: "chat.message.post", outcome: "denied", actorName: "Sam" }, en)).toEqual({
      sentence: "Sam was not allowed to post a message",
      outcome: null,
    });
    expect(describeActivity({ action: "auth.login", outcome: "failure", actorName: "Sam" }, en).sentence).toBe("Sam could not sign in");
    // A failure with no sentence of its own keeps the plain sentence and says it failed beside it.
    expect(describeActivity({ action: "document.upload", outcome: "failure", actorName: "Sam" }, en)).toEqual({
      sentence: "Sam uploaded a document",
      outcome: "failed",
    });
    expect(describeActivity({ action: "poll.close", outcome: "success", actorName: null }, en).sentence).toBe("A poll closed at its deadline");
  });

  it("has a generic sentence for a code it does not know", () => {
    const en = translator("en");
    expect(describeActivity({ action: "vault.opened", outcome: "success", actorName: "Sam" }, en)).toEqual({
      sentence: "Sam did something in the workspace",
      outcome: null,
    });
    expect(describeActivity({ action: "vault.opened", outcome: "denied", actorName: null }, translator("de"))).toEqual({
      sentence: "Jemand hat etwas im Arbeitsbereich getan",
      outcome: "abgelehnt",
    });
  });
});
