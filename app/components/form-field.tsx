import type { ReactNode } from "react";
import { Label } from "./ui/label";

/** Label, control and the field's first error; the control points at the error with aria-describedby. */
export function FormField({ id, errorId, label, errors, children }: { id: string; errorId: string; label: ReactNode; errors?: string[]; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {errors?.length ? (
        <p id={errorId} className="m-0 text-sm text-destructive">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** A field's first message, under it; the control (or its fieldset) points at it with aria-describedby. */
export function FieldError({ id, error, className = "m-0 text-sm text-destructive" }: { id: string; error: string | undefined; className?: string }) {
  return error ? (
    <span id={id} className={className}>
      {error}
    </span>
  ) : null;
}
