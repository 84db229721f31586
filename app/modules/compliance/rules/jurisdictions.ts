import { isJurisdiction } from "./packs";

/** The codes a trust names that have no rule pack (said plainly on the pages; its own duties are still tracked). */
export function unknownJurisdictions(codes: readonly string[]): string[] {
  return codes.filter((code) => !isJurisdiction(code));
}
