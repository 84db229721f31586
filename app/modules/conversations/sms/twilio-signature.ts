/**
 * Twilio's request signature (https://www.twilio.com/docs/usage/security#validating-requests): the
 * full URL Twilio called, then for a form POST every parameter name and value appended in
 * alphabetical order of the names, signed with HMAC-SHA1 under the account's auth token, in base64.
 */
export async function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): Promise<string> {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([k, v]) => k + v).join("");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data)));
  let binary = "";
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Compares in constant time, so the check cannot be timed into revealing a valid signature. */
export async function verifyTwilioSignature(authToken: string, url: string, params: Iterable<[string, string]>, given: string | null): Promise<boolean> {
  if (!given || !authToken) return false;
  const expected = await twilioSignature(authToken, url, params);
  if (expected.length !== given.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
