import { useLanguage } from "~/modules/preferences/display";

/** A due date in the reader's words; deadlines are days, so they are shown as UTC days (no time zone shifts them). */
export function useDay() {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return (iso: string) => format.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}
