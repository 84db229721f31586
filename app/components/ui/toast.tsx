import * as ToastPrimitive from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD, useToast } from "./use-toast";

const toastVariants = cva(
  "group pointer-events-auto relative box-border flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border border-solid p-4 pe-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground",
        destructive: "border-destructive bg-destructive-soft text-destructive-soft-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type ToastVariant = NonNullable<VariantProps<typeof toastVariants>["variant"]>;

const ToastRoot = forwardRef<ElementRef<typeof ToastPrimitive.Root>, ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>>(
  ({ className, variant, ...props }, ref) => <ToastPrimitive.Root ref={ref} className={cn(toastVariants({ variant }), className)} {...props} />,
);
ToastRoot.displayName = "Toast";

/** Spec section 9: one toast at a time, 5000 ms, swipe right past 50 px to dismiss, F8 jumps to the toasts. */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label={t("toast.regionLabel")}>
      {toasts.map(({ id, title, description, action, variant, ...props }) => (
        <ToastRoot key={id} variant={variant} data-variant={variant ?? "default"} data-testid="toast" {...props}>
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? <ToastPrimitive.Description className="text-sm">{description}</ToastPrimitive.Description> : null}
          </div>
          {action}
          <ToastPrimitive.Close
            aria-label={t("toast.close")}
            className="absolute end-2 top-2 cursor-pointer rounded border-none bg-transparent p-1 text-current"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastRoot>
      ))}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        label={t("toast.viewportLabel")}
        className="fixed bottom-0 end-0 z-[100] m-0 box-border flex max-h-screen w-full list-none flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
