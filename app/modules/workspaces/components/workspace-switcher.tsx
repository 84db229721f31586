import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { RadioMenu } from "~/components/ui/radio-menu";

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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per completed switch: `revalidator` changes as it runs, and would loop
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
    <RadioMenu
      align="start"
      trigger={
        <Button variant="outline" size="sm" aria-label={t("nav.switchWorkspaceCurrent", { workspace: current.name })} data-testid="workspace-switcher">
          <span className="max-w-40 truncate">{current.name}</span>
          <span aria-hidden="true">▾</span>
        </Button>
      }
      label={t("nav.switchWorkspace")}
      value={current.id}
      onValueChange={(workspaceId) => fetcher.submit({ workspaceId }, { method: "post", action: "/api/workspaces/switch", encType: "application/json" })}
      items={workspaces.map((w) => ({
        value: w.id,
        content: (
          <span className="flex flex-1 flex-col leading-tight">
            <span>{w.name}</span>
            <span className="text-xs text-muted-foreground">{tAuth(`roles.${w.role}`)}</span>
          </span>
        ),
      }))}
    />
  );
}
