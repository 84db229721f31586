import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { ModuleManifest } from "~/platform/module-manifest";
import { SIGNED_IN_PATHS } from "./navigation/route-sets";
import { DASHBOARD_CARDS, HELP_TOPICS, MODULES, NOTIFICATION_KINDS, NOTIFICATION_TYPES } from "./registry";
import { SERVER_MODULES } from "./registry.server";

const modules: readonly ModuleManifest[] = MODULES;
const appDir = resolve(__dirname, "..");

/** The runtime imports of a file (type-only imports are erased before the route config runs). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/^import (?!type )[^;]*? from "([^"]+)";/gms)].map((m) => m[1]);
}

describe("module registry", () => {
  it("gives every module a unique id equal to its folder", () => {
    const ids = modules.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(existsSync(join(appDir, "modules", id, "module.ts")), id).toBe(true);
  });

  it("declares each path once, with a route file that exists", () => {
    const all = modules.flatMap((m) => [...(m.pages ?? []), ...(m.routes ?? [])]);
    const paths = all.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
    for (const route of all) expect(existsSync(join(appDir, route.file)), route.file).toBe(true);
  });

  it("puts every built signed-in page of the spec inside the shell", () => {
    const pages = new Set(modules.flatMap((m) => m.pages ?? []).map((p) => `/${p.path}`));
    for (const path of ["/dashboard", "/documents", "/chat", "/polling", "/notifications", "/admin", "/profile", "/help"]) {
      expect(SIGNED_IN_PATHS).toContain(path);
      expect(pages.has(path), path).toBe(true);
    }
  });

  // app/routes.ts runs in Vite's config loader, which does not know the "~/" alias: everything it loads at
  // run time must import by relative path.
  it("lets the route config load without the ~/ alias", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of runtimeImports(file)) {
        expect(target.startsWith("~/"), `${file} imports ${target} at run time`).toBe(false);
        if (!target.startsWith(".")) continue;
        const base = resolve(dirname(file), target);
        const next = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(existsSync);
        if (next) visit(next);
      }
    };
    visit(join(appDir, "routes.ts"));
    expect(seen.size).toBeGreaterThan(modules.length);
  });

  it("words every notification type, with a link, in the reader's language", () => {
    const t = ((key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ""}`) as never;
    expect(NOTIFICATION_TYPES).toEqual(
      expect.arrayContaining([
        "poll_created",
        "vote_required",
        "vote_cast",
        "poll_completed",
        "vote_reminder",
        "chat_mention",
        "topic_message",
        "meeting_invited",
      ]),
    );
    for (const [type, kind] of Object.entries(NOTIFICATION_KINDS)) {
      expect(Object.keys(kind.defaults).sort(), type).toEqual(["email", "in_app", "sms"]);
      const words = kind.describe({ pollId: "p1", pollTitle: "Roof", channelId: "c1", topicId: "t1", messageId: "m1", voterName: "Ann" }, t);
      expect(words.text.length, type).toBeGreaterThan(0);
      expect(words.href, type).toMatch(
        /^\/(polling\/|video-meetings(\/|$)|channel\/|financial#|tax-administration$|documents\/|compliance-health#item-|regulatory-audit$|dashboard$|admin$|profile(#workspaces)?$)/,
      );
      // Metadata from an older row, or missing fields: still words, never a crash.
      expect(() => kind.describe({}, t)).not.toThrow();
    }
  });

  it("keeps the help centre's sections in their order", () => {
    expect(HELP_TOPICS).toEqual([
      "getting-started",
      "upload-documents",
      "organization",
      "analysis",
      "compliance",
      "collaboration",
      "polls",
      "finance",
      "distributions",
      "tax",
      "security",
      "languages",
      "account",
    ]);
  });

  it("finds each registered module's Worker half and its jobs, cron work and dashboard figures", () => {
    expect(SERVER_MODULES.map((m) => m.id)).toEqual(expect.arrayContaining(["documents", "mail", "auth", "polls", "workspaces", "compliance"]));
    const jobs = SERVER_MODULES.flatMap((m) => Object.keys(m.jobs ?? {}));
    expect(jobs.sort()).toEqual(["document.analyze", "mail.deliver", "ops.probe", "workspace.export"]);
    const keys = SERVER_MODULES.flatMap((m) => (m.dashboard ? [m.dashboard.key] : []));
    // Every card a module claims reads figures some module's server half provides.
    for (const card of Object.values(DASHBOARD_CARDS)) expect(keys).toContain(card?.figures);
  });
});
