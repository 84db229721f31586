import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { createContext, useContext, type ReactNode } from "react";

/** Spec section 9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const InsideProvider = createContext(false);

/**
 * The tooltips' shared timing. Given by the signed-in shell (AppShell), not the root, so that pages without tooltips
 * (the sign-in screens) do not load Radix's tooltip and floating-ui (issue 25).
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InsideProvider.Provider value={true}>{children}</InsideProvider.Provider>
    </TooltipPrimitive.Provider>
  );
}

/** A short text shown on hover and keyboard focus; the trigger keeps its own accessible name. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const tooltip = <TooltipRoot content={content}>{children}</TooltipRoot>;
  // Outside the shell (a page of its own), the tooltip brings its own provider.
  return useContext(InsideProvider) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}

function TooltipRoot({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content sideOffset={6} className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow">
          {content}
          <TooltipPrimitive.Arrow className="fill-foreground" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
