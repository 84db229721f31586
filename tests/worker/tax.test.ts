import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

interface Item {
  key: string;
  form: string;
  title: string;
  dueOn: string;
  statutoryDueOn: string;
  citation: string;
  status: string;
}
const error = async (response: Response) => (await response.json()) as { error: string; fieldErrors?: Record<string, string[]> };

describe("tax administration", () => {
  it("computes the calendar with rolled dates, keeps the profile with the EIN masked, and marks entries done", async () => {
    const owner = await startWorkspace(baseUrl, "taxcal", "The Tax Trust");
    const calendar = async (year: number) => ((await (await owner.client.get(`/api/tax/calendar?year=${year}`)).json()) as { items: Item[] }).items;
    const items2027 = await calendar(2027);
    // April 15, 2028 is a Saturday; Monday the 17th is Emancipation Day observed in Washington, D.C.: due Tuesday the 18th.
    expect(items2027.find((i) => i.key === "1041-2027")).toMatchObject({
      form: "1041",
      statutoryDueOn: "2028-04-15",
      dueOn: "2028-04-18",
      title: "Form 1041 for 2027: the trust's income tax return",
    });
    // The workspace is in California: Form 541 is on the calendar.
    expect(items2027.some((i) => i.form === "CA-541")).toBe(true);
    expect((await owner.client.get("/api/tax/calendar?year=abc")).status).toBe(400);

    const put = (body: unknown) =>
      owner.client.fetch("/api/tax/profile", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: owner.client.origin },
        body: JSON.stringify(body),
      });
    let response = await put({ grantor: false, taxYearEndMonth: 12, states: ["CA"], januaryEstimateSkipped: false, ein: "12-34" });
    expect(response.status).toBe(400);
    expect((await error(response)).fieldErrors?.ein).toEqual(["Enter the EIN as nine digits, such as 12-3456789."]);
    response = await put({ grantor: false, taxYearEndMonth: 12, states: ["CA"], januaryEstimateSkipped: true, ein: "943187265" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { profile: { einMasked: string } }).profile.einMasked).toBe("••-•••7265");
    expect(
      JSON.stringify(sql(`select metadata from audit_log where action = 'tax.profile_saved' and workspace_id = '${owner.me.workspace.id}'`)),
    ).not.toContain("3187265");
    // Skipping the January estimate puts the early return on the calendar and takes the fourth estimate off.
    const skipped = await calendar(2026);
    expect(skipped.some((i) => i.key === "1041-ES-2026-4")).toBe(false);
    expect(skipped.some((i) => i.key.startsWith("1041-early"))).toBe(true);

    expect((await owner.client.postJson("/api/tax/calendar/1041-ES-2026-3/done", { note: "Paid through EFTPS" })).status).toBe(200);
    expect((await calendar(2026)).find((i) => i.key === "1041-ES-2026-3")?.status).toBe("done");
    expect((await owner.client.postJson("/api/tax/calendar/1041-ES-1999-9/done", {})).status).toBe(404);

    const lawyer = await addMember(baseUrl, owner.client, "legal_professional", "taxlaw");
    expect((await lawyer.client.get("/api/tax/calendar?year=2026")).status).toBe(200);
    expect((await lawyer.client.postJson("/api/tax/calendar/1041-2026/done", {})).status).toBe(403);
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "taxben");
    expect((await beneficiary.client.get("/api/tax/calendar?year=2026")).status).toBe(403);
    expect((await beneficiary.client.get("/api/tax/profile")).status).toBe(403);
  });

  it("serves a private calendar feed that stops when revoked", async () => {
    const owner = await startWorkspace(baseUrl, "taxfeed", "The Feed Trust");
    const created = await owner.client.postJson("/api/tax/feeds", {});
    expect(created.status).toBe(201);
    const { id, url } = (await created.json()) as { id: string; url: string };
    const path = new URL(url).pathname;
    const feed = await fetch(new URL(path, baseUrl));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toContain("text/calendar");
    const text = await feed.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThan(5);
    expect((await fetch(new URL(path.replace(/.{6}\.ics$/, "AAAAAA.ics"), baseUrl))).status).toBe(404);
    const revoked = await owner.client.fetch(`/api/tax/feeds/${id}`, { method: "DELETE", headers: { Origin: owner.client.origin } });
    expect(revoked.status).toBe(200);
    const gone = await fetch(new URL(path, baseUrl));
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ success: false, error: "That calendar address was not found or is already revoked." });
  });

  it("works out the estimated-tax safe harbour", async () => {
    const owner = await startWorkspace(baseUrl, "taxsafe", "The Safe Trust");
    const response = await owner.client.postJson("/api/tax/safe-harbour", {
      currentYearTaxMinor: 2_000_000,
      priorYearTaxMinor: 1_500_000,
      priorYearAgiMinor: 20_000_000,
    });
    expect(response.status).toBe(200);
    // 90% of 20,000 = 18,000; 110% of 15,000 = 16,500 (last year's AGI over $150,000): the lesser.
    expect(await response.json()).toMatchObject({ requiredAnnualMinor: 1_650_000, basis: "prior110" });
  });
});
