import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useNonce } from "~/components/nonce";
import {
  DEFAULT_USE_CASE,
  FEATURES,
  GUIDES,
  HERO_STATS,
  LANDING_SECTIONS,
  PROBLEMS,
  REQUESTED_FEATURES,
  SECURITY_POINTS,
  TESTIMONIALS,
  USE_CASES,
} from "./content";
import { tabsScript } from "./tabs-script";

const SIGN_IN = "/api/login";
const TRIAL = "/api/login?intent=trial";

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="mx-auto mb-8 max-w-2xl text-center">
      <h2 id={id} className="m-0 text-3xl font-bold">
        {title}
      </h2>
      {intro ? <p className="m-0 mt-3 text-lg text-muted-foreground">{intro}</p> : null}
    </div>
  );
}

/** A grid of cards with an optional icon, a heading and a sentence: features, requests, security points. */
function CardList({
  cards,
  columns,
  cardClassName,
}: {
  cards: { id: string; icon?: LucideIcon; title: string; body: string }[];
  columns: string;
  cardClassName: string;
}) {
  return (
    <ul className={`mx-auto m-0 grid max-w-6xl list-none gap-4 p-0 ${columns}`}>
      {cards.map((card) => (
        <li key={card.id} className={`rounded-lg border-solid p-5 ${cardClassName}`}>
          {card.icon ? <card.icon aria-hidden="true" className="mb-2 block h-8 w-8 text-primary" /> : null}
          <h3 className="m-0 text-lg">{card.title}</h3>
          <p className="m-0 mt-2 text-sm text-muted-foreground">{card.body}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The public sales page (spec section 2). Server-rendered and shipped without the React runtime:
 * the only script is the small one that turns the use-case panels into keyboard-friendly tabs.
 */
export function LandingPage({ supportEmail, salesPhone }: { supportEmail: string; salesPhone: string | null }) {
  const { t } = useTranslation("landing");
  const { t: tCommon } = useTranslation();
  const nonce = useNonce();
  return (
    <div className="bg-background text-foreground">
      <a href="#main-content" className="absolute start-2 top-[-40px] z-50 rounded bg-primary px-3 py-2 text-primary-foreground focus:top-2">
        {tCommon("skipToContent")}
      </a>
      <header className="sticky top-0 z-40 border-b border-solid border-border bg-card" data-testid="landing-header">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="#top" className="text-lg font-bold text-foreground no-underline">
            {tCommon("appName")}
          </a>
          <nav aria-label={t("nav.label")} className="flex flex-wrap items-center gap-4 text-sm">
            <a href={`#${LANDING_SECTIONS.features}`}>{t("nav.features")}</a>
            <a href={`#${LANDING_SECTIONS.useCases}`}>{t("nav.useCases")}</a>
            <a href={`#${LANDING_SECTIONS.contact}`}>{t("nav.contact")}</a>
            <Button asChild variant="outline" size="sm">
              <a href={SIGN_IN}>{tCommon("nav.signIn")}</a>
            </Button>
            <Button asChild size="sm">
              <a href={TRIAL}>{tCommon("nav.startTrial")}</a>
            </Button>
          </nav>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="outline-none">
        <section id="top" aria-labelledby="hero-title" className="bg-card px-4 py-16" data-testid="hero">
          <div className="mx-auto max-w-4xl text-center">
            <p className="m-0 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{t("hero.eyebrow")}</p>
            <h1 id="hero-title" className="m-0 mt-3 text-4xl font-bold leading-tight md:text-5xl">
              {t("hero.title")}
            </h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{t("hero.body")}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button asChild size="lg">
                <a href={TRIAL}>{t("hero.trial")}</a>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href={SIGN_IN}>{tCommon("nav.signIn")}</a>
              </Button>
            </div>
            <p className="m-0 mt-3 text-sm text-muted-foreground">{t("hero.noCard")}</p>
            <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-2 gap-4 md:grid-cols-4" data-testid="hero-stats">
              {HERO_STATS.map((id) => (
                <div key={id} className="flex flex-col rounded-lg border border-solid border-border bg-background p-4">
                  <dt className="text-sm text-muted-foreground">{t(`stats.${id}.label`)}</dt>
                  <dd className="m-0 order-first text-3xl font-bold">{t(`stats.${id}.value`)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section id={LANDING_SECTIONS.features} aria-labelledby="features-title" className="px-4 py-16">
          <SectionHeading id="features-title" title={t("features.title")} intro={t("features.intro")} />
          <CardList
            columns="sm:grid-cols-2 lg:grid-cols-3"
            cardClassName="border border-border bg-card"
            cards={FEATURES.map((f) => ({ id: f.id, icon: f.icon, title: t(`features.${f.id}.title`), body: t(`features.${f.id}.body`) }))}
          />
        </section>

        <section aria-labelledby="requested-title" className="bg-card px-4 py-16" data-testid="requested-features">
          <SectionHeading id="requested-title" title={t("requested.title")} intro={t("requested.intro")} />
          <CardList
            columns="md:grid-cols-3"
            cardClassName="border-2 border-primary bg-background"
            cards={REQUESTED_FEATURES.map((f) => ({ id: f.id, icon: f.icon, title: t(`requested.${f.id}.title`), body: t(`requested.${f.id}.body`) }))}
          />
        </section>

        <section aria-labelledby="problems-title" className="px-4 py-16" data-testid="problems">
          <SectionHeading id="problems-title" title={t("problems.title")} intro={t("problems.intro")} />
          <ul className="mx-auto m-0 grid max-w-5xl list-none gap-4 p-0">
            {PROBLEMS.map((id) => (
              <li key={id} className="grid gap-3 md:grid-cols-2">
                <div className="rounded-lg border border-solid border-destructive bg-destructive-soft p-4 text-destructive-soft-foreground">
                  <h3 className="m-0 text-base">{t("problems.problemLabel")}</h3>
                  <p className="m-0 mt-1">{t(`problems.${id}.problem`)}</p>
                </div>
                <div className="rounded-lg border border-solid border-success bg-success-soft p-4 text-success-soft-foreground">
                  <h3 className="m-0 text-base">{t("problems.solutionLabel")}</h3>
                  <p className="m-0 mt-1">{t(`problems.${id}.solution`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section id={LANDING_SECTIONS.useCases} aria-labelledby="use-cases-title" className="bg-card px-4 py-16">
          <SectionHeading id="use-cases-title" title={t("useCases.title")} intro={t("useCases.intro")} />
          <div className="mx-auto max-w-4xl" data-tabs>
            <div role="tablist" aria-label={t("useCases.title")} className="flex flex-wrap justify-center gap-2">
              {USE_CASES.map((id) => (
                <button
                  key={id}
                  type="button"
                  role="tab"
                  id={`tab-${id}`}
                  aria-controls={`panel-${id}`}
                  aria-selected={id === DEFAULT_USE_CASE}
                  tabIndex={id === DEFAULT_USE_CASE ? 0 : -1}
                  data-use-case={id}
                  className="cursor-pointer rounded-full border border-solid border-border bg-background px-4 py-2 text-sm text-foreground aria-selected:border-primary aria-selected:bg-primary aria-selected:text-primary-foreground"
                >
                  {t(`useCases.${id}.tab`)}
                </button>
              ))}
            </div>
            {USE_CASES.map((id) => (
              <div
                key={id}
                role="tabpanel"
                id={`panel-${id}`}
                aria-labelledby={`tab-${id}`}
                tabIndex={0}
                hidden={id !== DEFAULT_USE_CASE}
                data-testid={`use-case-${id}`}
                className="mt-6 rounded-lg border border-solid border-border bg-background p-6"
              >
                <h3 className="m-0 text-xl">{t(`useCases.${id}.title`)}</h3>
                <p className="m-0 mt-2 text-muted-foreground">{t(`useCases.${id}.body`)}</p>
                <ul className="mt-3">
                  {[1, 2, 3].map((n) => (
                    <li key={n}>{t(`useCases.${id}.point${n}`)}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: tabsScript }} />
        </section>

        <section aria-labelledby="testimonials-title" className="px-4 py-16" data-testid="testimonials">
          <SectionHeading id="testimonials-title" title={t("testimonials.title")} intro={t("testimonials.intro")} />
          <ul className="mx-auto m-0 grid max-w-6xl list-none gap-4 p-0 md:grid-cols-3">
            {TESTIMONIALS.map((id) => (
              <li key={id}>
                <figure className="m-0 h-full rounded-lg border border-solid border-border bg-card p-5">
                  <blockquote className="m-0">
                    <p className="m-0">“{t(`testimonials.${id}.quote`)}”</p>
                  </blockquote>
                  <figcaption className="mt-3 text-sm text-muted-foreground">{t(`testimonials.${id}.who`)}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="security-title" className="bg-card px-4 py-16" data-testid="security">
          <SectionHeading id="security-title" title={t("security.title")} intro={t("security.intro")} />
          <CardList
            columns="sm:grid-cols-2 lg:grid-cols-3"
            cardClassName="border border-border bg-background"
            cards={SECURITY_POINTS.map((id) => ({ id, title: t(`security.${id}.title`), body: t(`security.${id}.body`) }))}
          />
        </section>

        <section aria-labelledby="guides-title" className="px-4 py-16" data-testid="guides">
          <SectionHeading id="guides-title" title={t("guides.title")} intro={t("guides.intro")} />
          <ul className="mx-auto m-0 grid max-w-5xl list-none gap-4 p-0 md:grid-cols-3">
            {GUIDES.map((g) => (
              <li key={g.slug} className="flex flex-col gap-2 rounded-lg border border-solid border-border bg-card p-5">
                <g.icon aria-hidden="true" className="h-8 w-8 text-primary" />
                <h3 className="m-0 text-lg">{t(`guide.${g.slug}.title`)}</h3>
                <p className="m-0 flex-1 text-sm text-muted-foreground">{t(`guide.${g.slug}.summary`)}</p>
                <a href={`/guides/${g.slug}.pdf`} download className="font-medium">
                  {t("guides.download", { title: t(`guide.${g.slug}.title`) })}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="cta-title" className="bg-primary px-4 py-16 text-center text-primary-foreground">
          <h2 id="cta-title" className="m-0 text-3xl font-bold">
            {t("cta.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg">{t("cta.body")}</p>
          <a href={TRIAL} className="mt-4 inline-block rounded-md bg-card px-8 py-3 font-semibold text-card-foreground no-underline hover:bg-muted">
            {tCommon("nav.startTrial")}
          </a>
        </section>

        <section id={LANDING_SECTIONS.contact} aria-labelledby="contact-title" className="px-4 py-16" data-testid="contact">
          <SectionHeading id="contact-title" title={t("contact.title")} intro={t("contact.intro")} />
          <ul className="mx-auto m-0 grid max-w-5xl list-none gap-4 p-0 md:grid-cols-3">
            <li className="rounded-lg border border-solid border-border bg-card p-5" data-testid="contact-phone">
              <h3 className="m-0 text-lg">{t("contact.phone.title")}</h3>
              <p className="m-0 mt-2 text-sm text-muted-foreground">{t("contact.phone.body")}</p>
              {salesPhone ? (
                <a href={`tel:${salesPhone.replace(/[^+\d]/g, "")}`} className="mt-2 inline-block font-medium">
                  {salesPhone}
                </a>
              ) : (
                <p className="m-0 mt-2 text-sm">{t("contact.phone.byEmail")}</p>
              )}
            </li>
            <li className="rounded-lg border border-solid border-border bg-card p-5" data-testid="contact-email">
              <h3 className="m-0 text-lg">{t("contact.email.title")}</h3>
              <p className="m-0 mt-2 text-sm text-muted-foreground">{t("contact.email.body")}</p>
              <a href={`mailto:${supportEmail}`} className="mt-2 inline-block font-medium">
                {supportEmail}
              </a>
            </li>
            <li className="rounded-lg border border-solid border-border bg-card p-5" data-testid="contact-demo">
              <h3 className="m-0 text-lg">{t("contact.demo.title")}</h3>
              <p className="m-0 mt-2 text-sm text-muted-foreground">{t("contact.demo.body")}</p>
              <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(t("contact.demo.subject"))}`} className="mt-2 inline-block font-medium">
                {t("contact.demo.action")}
              </a>
            </li>
          </ul>
        </section>
      </main>

      <footer className="border-t border-solid border-border bg-card px-4 py-8 text-sm text-muted-foreground">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4">
          <p className="m-0">{t("footer.copyright", { year: new Date().getUTCFullYear(), name: tCommon("appName") })}</p>
          <nav aria-label={t("footer.label")} className="flex flex-wrap gap-4">
            <a href={`#${LANDING_SECTIONS.features}`}>{t("nav.features")}</a>
            <a href={`#${LANDING_SECTIONS.useCases}`}>{t("nav.useCases")}</a>
            <a href={`#${LANDING_SECTIONS.contact}`}>{t("nav.contact")}</a>
            <a href={SIGN_IN}>{tCommon("nav.signIn")}</a>
          </nav>
          <p className="m-0 w-full">{t("footer.disclaimer")}</p>
        </div>
      </footer>
    </div>
  );
}
