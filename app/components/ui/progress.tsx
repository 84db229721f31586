import { cn } from "./cn";

/** A labelled progress bar; `null` means there is nothing to measure yet (no value announced). */
export function ProgressBar({ value, label, className }: { value: number | null; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? undefined : `${Math.round(value)}%`}
      className={cn("h-2 overflow-hidden rounded-full bg-muted", className)}
    >
      <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${value ?? 0}%` }} />
    </div>
  );
}
