import { Check } from "lucide-react";
import * as Menu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";

export interface RadioMenuItem {
  value: string;
  content: ReactNode;
  /** Extra attributes for the item, such as lang and dir of a language's own name. */
  lang?: string;
  dir?: "ltr" | "rtl";
}

/**
 * A button that opens a scrolling list of choices with the current one marked (menuitemradio,
 * aria-checked). Closes on a choice, Escape or a click outside; arrow keys move between items.
 */
export function RadioMenu({
  trigger,
  label,
  ariaLabel,
  value,
  onValueChange,
  items,
  align = "end",
}: {
  trigger: ReactNode;
  label: string;
  ariaLabel?: string;
  value: string;
  onValueChange: (value: string) => void;
  items: RadioMenuItem[];
  align?: "start" | "end";
}) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={8}
          aria-label={ariaLabel}
          // Radix names the menu after its trigger; our own label, when given, says what the list is.
          {...(ariaLabel ? { "aria-labelledby": undefined } : {})}
          className="z-50 box-border max-h-80 w-64 overflow-y-auto rounded-lg border border-solid border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <Menu.Label className="px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</Menu.Label>
          <Menu.RadioGroup value={value} onValueChange={onValueChange}>
            {items.map((item) => (
              <Menu.RadioItem
                key={item.value}
                value={item.value}
                lang={item.lang}
                dir={item.dir}
                className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[state=checked]:font-semibold"
              >
                {item.content}
                <Menu.ItemIndicator aria-hidden="true">
                  <Check className="h-4 w-4" />
                </Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
