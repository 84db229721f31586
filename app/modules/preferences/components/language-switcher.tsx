import * as Menu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "../display";
import type { LanguageCode } from "../languages";

/** Spec section 2: a flag button opening the twelve languages (flag, native and English name), current one marked. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current, languages, setLanguage } = useLanguage();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("language.button", { language: current.nativeName })} data-testid="language-switcher">
          <span aria-hidden="true" className="text-xl leading-none">
            {current.flag}
          </span>
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          aria-label={t("language.menuLabel")}
          className="z-50 box-border max-h-80 w-64 overflow-y-auto rounded-lg border border-solid border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <Menu.Label className="px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("language.title")}</Menu.Label>
          <Menu.RadioGroup value={current.code} onValueChange={(code) => void setLanguage(code as LanguageCode)}>
            {languages.map((language) => (
              <Menu.RadioItem
                key={language.code}
                value={language.code}
                lang={language.code}
                dir={language.direction}
                className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[state=checked]:font-semibold"
              >
                <span aria-hidden="true" className="text-lg">
                  {language.flag}
                </span>
                <span className="flex flex-1 flex-col leading-tight">
                  <span>{language.nativeName}</span>
                  <span className="text-xs text-muted-foreground" lang="en">
                    {language.englishName}
                  </span>
                </span>
                <Menu.ItemIndicator aria-hidden="true">✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
