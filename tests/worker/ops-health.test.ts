import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { setFaults, signInOperator } from "../helpers/ops";
import { addMember, eventually, sql, startWorkspace } from "../helpers/workspace";
import { runCron } from "../helpers/cron";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const SERVICES = ["d1", "r2", "queue", "rooms", "ai", "mail", "sms", "cron"];
/**
 * Mail and SMS report the platform's real deliveries of the last hour, and the other worker tests share this server
 * (the SMS tests fail deliveries on purpose): seen from here they may be degraded, never down.
 */
const DELIVERY = ["mail", "sms"];
const unwell = (services: Health["services"], except?: string) =>
  services.filter((s) => s.service !== except && s.status !== "healthy" && !(DELIVERY.includes(s.service) && s.status === "degraded"));

interface Health {
  status: string;
  checkedAt: string;
  services: { service: string; status: string; latencyMs: number; error?: string }[];
}

async function health(client: Client) {
  const response = await client.get("/api/health");
  return { response, body: (await response.json()) as Health };
}

let operator: Client;

beforeAll(async () => {
  operator = await signInOperator(baseUrl, sqlUrl);
  // A cron run records each scheduled job's outcome and the first probes.
  await runCron(baseUrl);
});

afterEach(() => setFaults(baseUrl, []));

describe("GET /api/health", () => {
  it("answers every service, 200 when healthy and 503 otherwise, statuses only without an operator", async () => {
    const { response, body } = await health(new Client(baseUrl));
    expect(body.services.map((s) => s.service)).toEqual(SERVICES);
    for (const s of body.services) {
      expect(["healthy", "degraded", "down"]).toContain(s.status);
      expect(Object.keys(s).sort()).toEqual(["latencyMs", "service", "status"]);
    }
    expect(response.status).toBe(body.status === "healthy" ? 200 : 503);
    expect(Object.keys(body).sort()).toEqual(["checkedAt", "services", "status"]);
  });

  it("is healthy once the cron has run and the queue acknowledged its probe", async () => {
    await operator.get("/api/health");
    await eventually(() => Promise.resolve(sql(sqlUrl, "SELECT value FROM ops_beacons WHERE name = 'queue:probe'")[0]?.value?.toString().includes("ackedAt")));
    await setFaults(baseUrl, []); // forgets the cached answer
    const { response, body } = await health(operator);
    expect(unwell(body.services)).toEqual([]);
    expect(response.status).toBe(body.status === "healthy" ? 200 : 503);
    expect(sql(sqlUrl, "SELECT count(*) AS n FROM health_probes")[0]?.n).toBeGreaterThanOrEqual(8);
  });

  it.each(SERVICES)("reports %s down when it fails, and still probes the others", async (service) => {
    await setFaults(baseUrl, [service]);
    const { response, body } = await health(operator);
    expect(response.status).toBe(503);
    expect(body.status).toBe(service === "d1" ? "down" : "degraded");
    const failed = body.services.find((s) => s.service === service)!;
    expect(failed.status).toBe("down");
    expect(failed.error).toMatch(/made to fail/);
    expect(body.services.map((s) => s.service)).toEqual(SERVICES);
    expect(unwell(body.services, service)).toEqual([]);
    // Someone signed out learns the status, never the error.
    const anonymous = await health(new Client(baseUrl));
    expect(anonymous.response.status).toBe(503);
    expect(JSON.stringify(anonymous.body)).not.toContain("made to fail");
  });

  it("counts a real mail failure of the last hour (degraded while other mail still goes out)", async () => {
    const { me } = await startWorkspace(baseUrl, "opsmail", "Mail Failure Trust");
    const now = Date.now();
    sql(
      sqlUrl,
      `INSERT INTO mail_outbox (id, to_address, subject, text_body, kind, workspace_id, status, error, created_at) VALUES ('ops-failed-mail', 'x@example.com', 's', 'b', 'notice', '${me.workspace.id}', 'failed', 'refused', ${now})`,
    );
    await setFaults(baseUrl, []);
    const { body } = await health(operator);
    const mail = body.services.find((s) => s.service === "mail")!;
    expect(mail.status).toBe("degraded");
    expect(mail.error).toMatch(/1 failed in the last hour/);
    sql(sqlUrl, "DELETE FROM mail_outbox WHERE id = 'ops-failed-mail'");
  });

  it("refuses the fault switch's unknown services and keeps the page to administrators and operators", async () => {
    expect((await new Client(baseUrl).postJson("/api/dev/health-faults", { faults: ["everything"] })).status).toBe(400);
    const { client: owner } = await startWorkspace(baseUrl, "opsowner", "Health Owner Trust");
    const beneficiary = await addMember(baseUrl, owner, "beneficiary");
    expect((await owner.get("/system-health")).status).toBe(200);
    const page = await beneficiary.client.get("/system-health");
    expect(page.status).toBe(403);
    // An owner sees statuses on the API, never the platform's error texts.
    await setFaults(baseUrl, ["r2"]);
    expect(JSON.stringify((await health(owner)).body)).not.toContain("made to fail");
  });
});
