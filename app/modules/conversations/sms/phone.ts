import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A phone number as typed ("(555) 010-2030", "+44 20 7946 0000") in E.164, or null. A number without
 * a country code is read in `defaultCountry`. Possible (right length for its country) is required, not
 * "valid": the fictional 555 numbers used in examples and tests are possible but not assigned.
 */
export function toE164(input: string, defaultCountry: "US" | "GB" | "CA" | "AU" = "US"): string | null {
  const cleaned = input.trim();
  if (!/^[+\d\s().-]{3,32}$/.test(cleaned)) return null;
  const parsed = parsePhoneNumberFromString(cleaned, defaultCountry);
  if (!parsed || !parsed.isPossible()) return null;
  return parsed.number;
}

/** "+15550102030" → "+1 555 010 2030" for showing. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** The last four digits, which is all some screens show of someone's number. */
export function maskPhone(e164: string): string {
  return `•••• ${e164.slice(-4)}`;
}
