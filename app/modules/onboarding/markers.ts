/** The tour's local-storage markers hold the string "true" (spec section 4). */
export function readStoredFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === "true";
  } catch {
    return false;
  }
}

export function writeStoredFlag(key: string): void {
  try {
    window.localStorage.setItem(key, "true");
  } catch {
    // Storage blocked: the tour simply offers itself again next time.
  }
}
