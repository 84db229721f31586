import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Link, useLocation } from "@remix-run/react";
import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentArea, labelOf, NAV_NAMESPACES, navigationFor } from "~/modules/navigation/areas";
import type { Role } from "~/modules/workspaces/schema";
import { Button } from "./ui/button";
import { cn } from "./ui/cn";

/**
 * Every area of the product, grouped under headings, with the current one marked. The same list is the
 * sidebar on wide screens and the menu sheet on phones.
 */
export function AreaNav({ role, idPrefix, testId, onNavigate }: { role: Role | undefined; idPrefix: string; testId: string; onNavigate?: () => void }) {
  const { t } = useTranslation([...NAV_NAMESPACES]);
  const { pathname } = useLocation();
  const current = currentArea(pathname);
  const label = (labelKey: string) => {
    const { ns, key } = labelOf(labelKey);
    return t(key, { ns });
  };
  return (
    <nav aria-label={t("nav.areasLabel")} data-testid={testId} className="pb-4 text-sm">
      {navigationFor(role).map((group) => (
        <div key={group.id} role="group" aria-labelledby={`${idPrefix}-${group.id}`}>
          <h2 id={`${idPrefix}-${group.id}`} className="m-0 px-3 pb-1 pt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {label(group.labelKey)}
          </h2>
          <ul className="m-0 grid list-none gap-0.5 p-0">
            {group.areas.map((area) => {
              const Icon = area.icon;
              const isCurrent = current?.path === area.path;
              return (
                <li key={area.path}>
                  <Link
                    to={area.path}
                    prefetch="intent"
                    aria-current={isCurrent ? "page" : undefined}
                    onClick={onNavigate}
                    data-area={area.path}
                    className={isCurrent ? "area-link area-link-current" : "area-link area-link-other"}
                  >
                    <Icon aria-hidden="true" className="area-link-icon" />
                    <span className="area-link-label">{label(area.labelKey)}</span>
                    {area.ready ? null : (
                      <span
                        className={cn(
                          "shrink-0 rounded-full border border-solid px-1.5 text-[0.7rem] leading-5",
                          isCurrent ? "border-primary-foreground" : "border-border text-muted-foreground",
                        )}
                      >
                        {t("nav.comingSoon")}
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The sidebar beside the page on screens 1024 px and wider. */
export function Sidebar({ role }: { role: Role | undefined }) {
  return (
    <div className="sticky top-16 box-border hidden max-h-[calc(100vh-4rem)] w-72 shrink-0 self-start overflow-y-auto border-0 border-e border-solid border-border px-2 lg:block">
      <AreaNav role={role} idPrefix="sidebar" testId="sidebar-nav" />
    </div>
  );
}

/** The header's Menu button on narrower screens: the areas in a sheet that traps focus, closes on Escape and on navigation. */
export function MobileMenu({ role }: { role: Role | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" size="sm" className="lg:hidden" data-testid="menu-button">
          <Menu aria-hidden="true" className="h-4 w-4" />
          {t("nav.menu")}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="menu-sheet"
          className="fixed inset-y-0 start-0 z-50 box-border w-[min(20rem,calc(100vw-3rem))] overflow-y-auto bg-card px-2 pt-2 text-card-foreground shadow-xl"
        >
          <div className="flex items-center justify-between gap-2 px-1">
            <DialogPrimitive.Title className="m-0 px-2 text-lg font-semibold">{t("nav.menu")}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t("dialog.close")}>
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <AreaNav role={role} idPrefix="menu" testId="menu-nav" onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
