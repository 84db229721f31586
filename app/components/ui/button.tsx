import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";

/** The spec's button variants (default, destructive, outline, secondary, ghost, link) and sizes (default, sm, lg, icon). */
export const buttonVariants = cva(
  "box-border inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium no-underline transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-60 cursor-pointer",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-hover border-none",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive-hover border-none",
        outline: "border border-solid border-border bg-card text-foreground hover:bg-muted",
        secondary: "bg-muted text-foreground hover:bg-muted border-none",
        ghost: "bg-transparent text-foreground hover:bg-muted border-none",
        link: "bg-transparent text-link underline-offset-4 hover:underline border-none p-0 h-auto",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 rounded-md px-3",
        lg: "h-11 rounded-md px-8",
        icon: "h-10 w-10",
      },
    },
    compoundVariants: [{ variant: "link", className: "px-0 h-auto" }],
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant, size, asChild, ...props }, ref) => {
  const Comp = asChild ? Slot : "button";
  return <Comp ref={ref} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
});
Button.displayName = "Button";
