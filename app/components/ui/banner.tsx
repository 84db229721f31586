import { cn } from "./cn";

/** The auth screen's banner: green border for success, red for an error; announced to screen readers. */
export function Banner({ kind, children }: { kind: "success" | "error"; children: React.ReactNode }) {
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      data-kind={kind}
      className={cn(
        "rounded-md border-2 border-solid px-4 py-3 text-sm",
        kind === "success"
          ? "border-success bg-success-soft text-success-soft-foreground"
          : "border-destructive bg-destructive-soft text-destructive-soft-foreground",
      )}
    >
      {children}
    </div>
  );
}
