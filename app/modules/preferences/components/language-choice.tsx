import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../display";
import type { LanguageCode } from "../languages";
import { LanguageFlag } from "./language-flag";

/** The twelve languages as a plain radio list, for the profile page. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const { current, languages, setLanguage } = useLanguage();
  const name = useId();
  return (
    <fieldset className="m-0 grid gap-1 border-none p-0">
      <legend className="mb-2 text-base font-semibold">{t("language.title")}</legend>
      <div className="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
        {languages.map((language) => (
          <label key={language.code} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-muted">
            <input
              type="radio"
              name={name}
              value={language.code}
              checked={current.code === language.code}
              onChange={() => void setLanguage(language.code as LanguageCode)}
            />
            <LanguageFlag code={language.code} />
            <span lang={language.code}>{language.nativeName}</span>
            <span className="text-xs text-muted-foreground">({language.englishName})</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
