/** The browser's IANA time zone, or null where it cannot say (then the server writes times in UTC). */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * A same-origin address with `tz` set to the reader's zone (GET …/invite.ics reads it, checks it is a zone the
 * runtime knows, and writes the description's time in it), or unchanged without a zone.
 */
export function withTimeZone(url: string, zone: string | null): string {
  if (!zone) return url;
  const [path, query = ""] = url.split("?", 2);
  const params = new URLSearchParams(query);
  params.set("tz", zone);
  return `${path}?${params}`;
}
