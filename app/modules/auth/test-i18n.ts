import { createInstance } from "i18next";
import enAuth from "../../../public/locales/en/auth.json";
import { i18nConfig } from "~/i18n";

/** English `t` for unit tests: the same strings the product shows. */
export function englishT() {
  const i18n = createInstance();
  void i18n.init({ ...i18nConfig, lng: "en", resources: { en: { auth: enAuth } }, initImmediate: false });
  return i18n.getFixedT("en", "auth") as (key: string, options?: Record<string, unknown>) => string;
}
