import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./i18n";
import { installErrorCapture } from "./modules/ops/client/capture";
import { translationBackend } from "./modules/preferences/translation-backend";

// Spec section 8: a language that fails to load is logged as a warning and English is used
// (i18next's fallbackLng); if English itself fails, the keys show and an error is logged.
i18next.on("failedLoading", (lng: string, ns: string, message: string) => {
  if (lng === i18nConfig.fallbackLng) console.error(`English translations (${ns}) failed to load: ${message}`);
  else console.warn(`Translations ${lng}/${ns} failed to load; using English. ${message}`);
});

// Uncaught errors and unhandled rejections go to /error-reporting (issue 21).
installErrorCapture();

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(translationBackend)
    .init({
      ...i18nConfig,
      // The server rendered with this language; translation files are fetched lazily as static files.
      lng: document.documentElement.lang || i18nConfig.fallbackLng,
      ns: getInitialNamespaces(),
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
