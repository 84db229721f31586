import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { toE164 } from "./phone";
import { newReplyCode, readInbound } from "./reply-code";
import { twilioSignature, verifyTwilioSignature } from "./twilio-signature";

describe("phone numbers", () => {
  it("stores E.164", () => {
    expect(toE164("(555) 010-2030")).toBe("+15550102030");
    expect(toE164("+44 20 7946 0000")).toBe("+442079460000");
    expect(toE164("+1 555 010 2030")).toBe("+15550102030");
  });
  it("refuses what is not a phone number", () => {
    for (const bad of ["", "12", "hello", "+1 555", "555-0102-0304-0506", "<script>"]) expect(toE164(bad)).toBeNull();
  });
});

describe("reply codes and keywords", () => {
  it("makes three unambiguous characters", () => {
    for (let i = 0; i < 50; i++) expect(newReplyCode()).toMatch(/^[ACDEFHJKMNPRTWXY3479]{3}$/);
  });
  it("reads STOP and START in any case, alone", () => {
    expect(readInbound(" stop ")).toEqual({ kind: "stop" });
    expect(readInbound("Unsubscribe")).toEqual({ kind: "stop" });
    expect(readInbound("START")).toEqual({ kind: "start" });
    expect(readInbound("please stop the roof work")).toMatchObject({ kind: "message" });
  });
  it("takes the reply code off the front", () => {
    expect(readInbound("#K7P Sounds good")).toEqual({ kind: "message", code: "K7P", afterCode: "Sounds good", body: "#K7P Sounds good" });
    expect(readInbound("k7p: yes")).toEqual({ kind: "message", code: "K7P", afterCode: "yes", body: "k7p: yes" });
    expect(readInbound("Yes please")).toEqual({ kind: "message", code: null, afterCode: "Yes please", body: "Yes please" });
    // "big" has letters outside the code alphabet, so it is a word, not a code (the service also checks the phone has the code).
    expect(readInbound("big roof")).toEqual({ kind: "message", code: null, afterCode: "big roof", body: "big roof" });
  });
});

describe("Twilio request signatures", () => {
  const url = "https://trust.example/api/sms/inbound";
  const params: [string, string][] = [
    ["From", "+15550102030"],
    ["To", "+15550100000"],
    ["Body", "Sounds good"],
    ["MessageSid", "SM0123456789abcdef0123456789abcdef"],
    ["AccountSid", "AC0123456789abcdef0123456789abcdef"],
  ];
  // Twilio's documented algorithm, written out independently with node's crypto.
  const expected = createHmac("sha1", "twilio-auth-token")
    .update(
      url +
        [...params]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => k + v)
          .join(""),
    )
    .digest("base64");

  it("computes the documented signature", async () => {
    expect(await twilioSignature("twilio-auth-token", url, params)).toBe(expected);
  });
  it("accepts it and refuses forged, missing or re-pointed ones", async () => {
    expect(await verifyTwilioSignature("twilio-auth-token", url, params, expected)).toBe(true);
    expect(await verifyTwilioSignature("twilio-auth-token", url, params, null)).toBe(false);
    expect(await verifyTwilioSignature("other-token", url, params, expected)).toBe(false);
    expect(await verifyTwilioSignature("twilio-auth-token", `${url}?x=1`, params, expected)).toBe(false);
    expect(await verifyTwilioSignature("twilio-auth-token", url, [...params, ["Extra", "1"]], expected)).toBe(false);
  });
});
