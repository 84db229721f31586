import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { RadioMenu } from "~/components/ui/radio-menu";
import { useLanguage } from "../display";
import type { LanguageCode } from "../languages";
import { LanguageFlag } from "./language-flag";

/** Spec section 2: a flag button opening the twelve languages (flag, native and English name), current one marked. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current, languages, setLanguage } = useLanguage();
  return (
    <RadioMenu
      trigger={
        <Button variant="ghost" size="icon" aria-label={t("language.button", { language: current.nativeName })} data-testid="language-switcher">
          <LanguageFlag code={current.code} className="h-4 w-6" />
        </Button>
      }
      label={t("language.title")}
      ariaLabel={t("language.menuLabel")}
      value={current.code}
      onValueChange={(code) => void setLanguage(code as LanguageCode)}
      items={languages.map((language) => ({
        value: language.code,
        lang: language.code,
        dir: language.direction,
        content: (
          <>
            <LanguageFlag code={language.code} />
            <span className="flex flex-1 flex-col leading-tight">
              <span>{language.nativeName}</span>
              <span className="text-xs text-muted-foreground" lang="en">
                {language.englishName}
              </span>
            </span>
          </>
        ),
      }))}
    />
  );
}
