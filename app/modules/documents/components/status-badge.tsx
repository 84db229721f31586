import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";

const STYLES: Record<string, string> = {
  completed: "bg-success-soft text-success-soft-foreground border-success",
  analyzing: "bg-accent text-accent-foreground border-border",
  error: "bg-destructive-soft text-destructive-soft-foreground border-destructive",
  pending: "bg-muted text-muted-foreground border-border",
};

/** Spec section 4: "Analysis Complete", "Analyzing" with a spinner, "Error", anything else "Pending". */
export function DocumentStatusBadge({ status, reason, className }: { status: string; reason?: string | null; className?: string }) {
  const { t } = useTranslation("documents");
  const known = status === "completed" || status === "analyzing" || status === "error" ? status : "pending";
  return (
    <span
      data-testid="document-status"
      data-status={known}
      title={known === "error" && reason ? reason : undefined}
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-solid px-2 py-0.5 text-xs font-medium",
        STYLES[known],
        className,
      )}
    >
      {known === "analyzing" ? (
        <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-solid border-current border-t-transparent" />
      ) : null}
      {t(`status.${known}`)}
    </span>
  );
}
