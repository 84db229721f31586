import * as Menu from "@radix-ui/react-dropdown-menu";
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

export interface WorkspaceChoice {
  id: string;
  name: string;
  role: string;
}

/** For people in several family workspaces: pick the current one. A single workspace is just its name. */
export function WorkspaceSwitcher({ current, workspaces }: { current: WorkspaceChoice | null; workspaces: WorkspaceChoice[] }) {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation("auth");
  const fetcher = useFetcher<{ success?: boolean }>();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.success) revalidator.revalidate();
    // Revalidate once per completed switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  if (!current) return null;
  if (workspaces.length < 2) {
    return (
      <span className="max-w-48 truncate text-sm text-muted-foreground" data-testid="workspace-name">
        {current.name}
      </span>
    );
  }
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={t("nav.switchWorkspaceCurrent", { workspace: current.name })} data-testid="workspace-switcher">
          <span className="max-w-40 truncate">{current.name}</span>
          <span aria-hidden="true">▾</span>
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={8}
          className="z-50 box-border max-h-80 w-64 overflow-y-auto rounded-lg border border-solid border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <Menu.Label className="px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("nav.switchWorkspace")}</Menu.Label>
          <Menu.RadioGroup
            value={current.id}
            onValueChange={(workspaceId) =>
              fetcher.submit({ workspaceId }, { method: "post", action: "/api/workspaces/switch", encType: "application/json" })
            }
          >
            {workspaces.map((w) => (
              <Menu.RadioItem
                key={w.id}
                value={w.id}
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[state=checked]:font-semibold"
              >
                <span className="flex flex-1 flex-col leading-tight">
                  <span>{w.name}</span>
                  <span className="text-xs text-muted-foreground">{tAuth(`roles.${w.role}`)}</span>
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
