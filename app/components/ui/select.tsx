import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "./cn";

/** The browser's own select, styled like `Input`: native keyboard and screen-reader behaviour. */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(({ className, ...props }, ref) => (
  <select
    ref={ref}
    className={cn(
      "box-border h-10 rounded-md border border-solid border-input bg-card px-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive",
      className,
    )}
    {...props}
  />
));
NativeSelect.displayName = "NativeSelect";
