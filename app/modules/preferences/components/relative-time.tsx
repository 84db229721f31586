import { relativeTimeFormat } from "~/platform/intl-cache";
import { useLanguage } from "../display";

const AUTO: Intl.RelativeTimeFormatOptions = { numeric: "auto" };

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 hours ago" in the reader's language, with the exact time as a tooltip and machine-readable value. */
export function RelativeTime({ value, className, now = Date.now() }: { value: string; className?: string; now?: number }) {
  const { language, formatDate } = useLanguage();
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const format = relativeTimeFormat(language, AUTO);
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ["second", 1];
  const text = unit === "second" ? format.format(0, "second") : format.format(Math.round(seconds / size), unit);
  const exact = formatDate(value, { dateStyle: "long", timeStyle: "short" });
  return (
    <time dateTime={value} title={exact} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
