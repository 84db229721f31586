import { Check, Palette } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { Switch } from "~/components/ui/switch";
import { useTheme } from "../display";

/** A row of colour swatches that previews a theme. */
export function ThemeSwatches({ swatches }: { swatches: readonly string[] }) {
  return (
    <span aria-hidden="true" className="flex h-4 overflow-hidden rounded border border-solid border-border">
      {swatches.map((color) => (
        <span key={color} className="h-full flex-1" style={{ background: color }} />
      ))}
    </span>
  );
}

/** The five theme cards; choosing one applies it at once. */
export function ThemeCards({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { theme, themes, setTheme } = useTheme();
  return (
    <div role="group" aria-label={t("theme.cardsLabel")} className={cn("grid gap-2", className)}>
      {themes.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={theme === option.id}
          data-theme-option={option.id}
          onClick={() => setTheme(option.id)}
          className={cn(
            "grid cursor-pointer gap-1 rounded-md border-2 border-solid bg-card p-2 text-start text-card-foreground hover:bg-muted",
            theme === option.id ? "border-primary" : "border-border",
          )}
        >
          <span className="flex items-center justify-between text-sm font-medium">
            {t(`theme.${option.id}.name`)}
            {theme === option.id ? <Check aria-hidden="true" className="h-4 w-4" /> : null}
          </span>
          <span className="text-xs text-muted-foreground">{t(`theme.${option.id}.description`)}</span>
          <ThemeSwatches swatches={option.swatches} />
        </button>
      ))}
    </div>
  );
}

export function DarkModeSwitch() {
  const { t } = useTranslation();
  const { darkMode, setDarkMode } = useTheme();
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        {t("theme.darkMode")}
      </label>
      <Switch id={id} checked={darkMode} onCheckedChange={setDarkMode} />
    </div>
  );
}

/** Spec section 2: "Color Theme", "Choose your preferred color scheme", five cards and a Dark Mode switch. */
export function ThemePopover() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("theme.button")} data-testid="theme-button">
          <Palette aria-hidden="true" className="h-5 w-5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={titleId} className="grid w-72 gap-3">
        <div>
          <h2 id={titleId} className="m-0 text-base font-semibold">
            {t("theme.title")}
          </h2>
          <p className="m-0 text-sm text-muted-foreground">{t("theme.subtitle")}</p>
        </div>
        <ThemeCards />
        <DarkModeSwitch />
      </PopoverContent>
    </Popover>
  );
}
