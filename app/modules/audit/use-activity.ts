import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { describeActivity, type ActivityLine } from "./activity";

/** `describeActivity` in the reader's language; the page loads the dashboard namespace (its `handle.i18n`). */
export function useDescribeActivity(): (entry: { action: string; outcome: string; actorName: string | null }) => ActivityLine {
  const { t, i18n } = useTranslation("dashboard");
  return useCallback(
    (entry) =>
      describeActivity(entry, {
        t: (key, options) => t(key, options ?? {}),
        exists: (key) => i18n.exists(key, { ns: "dashboard" }),
      }),
    [t, i18n],
  );
}
