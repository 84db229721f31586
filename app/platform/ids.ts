/**
 * Our ids come from `crypto.randomUUID()`. This is the cheap guard used before a lookup or an audit
 * row: 36 hex digits and hyphens, any case. Anything else cannot be one of our ids.
 */
export const UUID_PATTERN = /^[0-9a-f-]{36}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
