import { Star } from "lucide-react";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { Tooltip } from "~/components/ui/tooltip";
import { toast } from "~/components/ui/use-toast";
import { ProgressBar } from "~/components/ui/progress";
import { THEMES } from "~/modules/preferences/themes";
import type { SignedInPageHandle } from "~/routes/_app";

export const handle = { i18n: ["demo"], needsWorkspace: false } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Theme demo · Legal Document Platform" }];

const VARIANTS = ["default", "destructive", "outline", "secondary", "ghost", "link"] as const;
const SIZES = ["sm", "default", "lg"] as const;

/** One theme's components; the wrapper carries data-theme (and .dark), so the theme's variables apply inside it. */
function ThemeSample({ theme, dark }: { theme: string; dark: boolean }) {
  const { t } = useTranslation("demo");
  const { t: tCommon } = useTranslation();
  const id = `${theme}-${dark ? "dark" : "light"}`;
  return (
    <section
      data-theme={theme}
      className={`${dark ? "dark " : ""}grid gap-3 rounded-lg border border-solid border-border bg-background p-4 text-foreground`}
      aria-labelledby={`${id}-title`}
      data-testid={`theme-sample-${id}`}
    >
      <h3 id={`${id}-title`} className="m-0 text-base">
        {tCommon(`theme.${theme}.name`)} · {dark ? t("theme.dark") : t("theme.light")}
      </h3>
      <div className="flex flex-wrap gap-2">
        {VARIANTS.map((variant) => (
          <Button key={variant} variant={variant} size="sm">
            {variant}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {SIZES.map((size) => (
          <Button key={size} size={size}>
            {size}
          </Button>
        ))}
        <Button size="icon" aria-label={t("theme.link")}>
          <Star aria-hidden="true" className="h-5 w-5" />
        </Button>
      </div>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-input`}>
        {t("theme.sampleInput")}
        <Input id={`${id}-input`} placeholder={t("theme.samplePlaceholder")} />
      </label>
      <div className="flex items-center gap-2 text-sm">
        <Switch id={`${id}-switch`} defaultChecked />
        <label htmlFor={`${id}-switch`}>{t("theme.sampleSwitch")}</label>
      </div>
      <ProgressBar value={60} label={t("theme.sampleProgress")} />
      <Banner kind="success">{t("theme.success")}</Banner>
      <Banner kind="error">{t("theme.error")}</Banner>
      <div className="rounded-md border border-solid border-border bg-card p-3 text-card-foreground">
        <p className="m-0 text-sm text-muted-foreground">{t("theme.card")}</p>
        <a href={`#${id}-title`}>{t("theme.link")}</a>
      </div>
    </section>
  );
}

export default function ThemeDemoRoute() {
  const { t } = useTranslation("demo");
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="m-0 text-2xl">{t("theme.title")}</h1>
        <p className="m-0 mt-1 text-muted-foreground">{t("theme.intro")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => toast({ title: t("theme.toastTitle"), description: t("theme.toastBody") })}>{t("theme.toast")}</Button>
        <Button variant="destructive" onClick={() => toast({ variant: "destructive", title: t("theme.toastErrorTitle"), description: t("theme.error") })}>
          {t("theme.toastError")}
        </Button>
        <Tooltip content={t("theme.tooltipText")}>
          <Button variant="outline">{t("theme.tooltip")}</Button>
        </Tooltip>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {THEMES.flatMap((theme) => [false, true].map((dark) => <ThemeSample key={`${theme.id}-${dark}`} theme={theme.id} dark={dark} />))}
      </div>
    </div>
  );
}
