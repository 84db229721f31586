import { describe, expect, it } from "vitest";
import { chooseSmsProvider, twilioProvider, twilioStatus } from "./provider.server";

const SID = `AC${"1".repeat(32)}`;

function fakeTwilio(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe("Twilio adapter", () => {
  it("posts Twilio's form to the Messages resource with Basic auth, a sender and the status callback", async () => {
    const fake = fakeTwilio(201, { sid: "SM123", status: "queued", error_message: null });
    const provider = twilioProvider({ accountSid: SID, authToken: "secret-token", from: "+15550100000", apiBaseUrl: "http://twilio.test", fetch: fake.fetch });
    const result = await provider.send({ to: "+15550102030", body: "Hello Rose", statusCallback: "https://trust.example/api/sms/status" });
    expect(result).toEqual({ sid: "SM123", status: "queued", error: null });
    const [call] = fake.calls;
    expect(call.url).toBe(`http://twilio.test/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(call.init.method).toBe("POST");
    const headers = call.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:secret-token`).toString("base64")}`);
    expect(headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(String(call.init.body)))).toEqual({
      To: "+15550102030",
      Body: "Hello Rose",
      From: "+15550100000",
      StatusCallback: "https://trust.example/api/sms/status",
    });
  });

  it("uses a messaging service instead of a number when one is configured", async () => {
    const fake = fakeTwilio(201, { sid: "SM1", status: "accepted" });
    await twilioProvider({ accountSid: SID, authToken: "t", from: "+15550100000", messagingServiceSid: `MG${"2".repeat(32)}`, fetch: fake.fetch }).send({
      to: "+15550102030",
      body: "x",
    });
    const form = new URLSearchParams(String(fake.calls[0].init.body));
    expect(form.get("MessagingServiceSid")).toBe(`MG${"2".repeat(32)}`);
    expect(form.has("From")).toBe(false);
    expect(fake.calls[0].url.startsWith("https://api.twilio.com/2010-04-01/Accounts/")).toBe(true);
  });

  it("reports Twilio's refusal and an unreachable API as failed, with the reason", async () => {
    const refused = fakeTwilio(400, { code: 21211, message: "The 'To' number is not a valid phone number." });
    expect(await twilioProvider({ accountSid: SID, authToken: "t", from: "+15550100000", fetch: refused.fetch }).send({ to: "+1", body: "x" })).toEqual({
      sid: null,
      status: "failed",
      error: "Twilio refused the message (HTTP 400, error 21211: The 'To' number is not a valid phone number.).",
    });
    const down = (async () => {
      throw new TypeError("network down");
    }) as unknown as typeof fetch;
    expect((await twilioProvider({ accountSid: SID, authToken: "t", from: "+1", fetch: down }).send({ to: "+1", body: "x" })).status).toBe("failed");
  });

  it("folds Twilio's statuses into ours", () => {
    expect(["accepted", "scheduled", "queued", "sending", "sent", "delivered", "read", "undelivered", "failed", "canceled"].map(twilioStatus)).toEqual([
      "queued",
      "queued",
      "queued",
      "sent",
      "sent",
      "delivered",
      "delivered",
      "undelivered",
      "failed",
      "failed",
    ]);
  });

  it("is chosen only with credentials; otherwise the outbox records texts", async () => {
    const base = { SMS_FROM_NUMBER: "+15550100000", TWILIO_API_BASE_URL: "https://api.twilio.com" } as never;
    expect(chooseSmsProvider({ ...(base as object), SMS_PROVIDER: "outbox" } as never).id).toBe("outbox");
    expect(chooseSmsProvider({ ...(base as object), SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "tok" } as never).id).toBe("twilio");
    const outbox = chooseSmsProvider({ ...(base as object), SMS_PROVIDER: "outbox" } as never);
    expect((await outbox.send({ to: "+15550102030", body: "x" })).status).toBe("sent");
  });
});
