import { cn } from "./cn";

/** The auth screen's banner: green border for success, red for an error; announced to screen readers. */
export function Banner({ kind, children }: { kind: "success" | "error"; children: React.ReactNode }) {
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      data-kind={kind}
      className={cn(
        "rounded-md border-2 border-solid px-4 py-3 text-sm",
        kind === "success" ? "border-green-600 bg-green-50 text-green-900" : "border-red-600 bg-red-50 text-red-900",
      )}
    >
      {children}
    </div>
  );
}
