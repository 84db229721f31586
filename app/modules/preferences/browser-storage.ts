import { PREFERENCE_COOKIE_MAX_AGE } from "./storage-keys";

/** Local storage can be unavailable (private mode, blocked storage); choices then last for the page only. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the cookie below still carries the choice.
  }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${key}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

export function hasCookie(key: string): boolean {
  return document.cookie.split(";").some((part) => part.trim().startsWith(`${key}=`));
}
