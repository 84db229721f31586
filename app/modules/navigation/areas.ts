import type { LucideIcon } from "lucide-react";
import { MODULES } from "~/modules/registry";
import { canAdminister } from "~/modules/workspaces/roles";
import type { Role } from "~/modules/workspaces/schema";

/**
 * The signed-in navigation: every area of the product, grouped, in the order the sidebar and the phone
 * menu show them. Each module declares its areas in its manifest (`areas` in module.ts); the shell reads
 * them from here.
 */
export const NAV_GROUPS = ["documents", "conversations", "decisions", "money", "compliance", "meetings", "administration"] as const;
export type NavGroupId = (typeof NAV_GROUPS)[number];

export interface NavArea {
  /** The area's page. */
  path: string;
  /** Its name: a key in the common namespace, or "ns:key" for another namespace loaded with the shell (see `labelOf`). */
  labelKey: string;
  /** A lucide-react icon; drawn aria-hidden beside the name. */
  icon: LucideIcon;
  group: NavGroupId;
  /** false: the page says it is being built, and the navigation marks it so. */
  ready: boolean;
  /** Shown only to people who administer the workspace (the page itself checks on the server). */
  adminOnly?: boolean;
  /** Other paths that belong to this area (a detail page under another name, a short address that redirects here). */
  alsoAt?: readonly string[];
  /** Roles whose navigation opens with this area (its group first, it first in the group): a beneficiary's portal. */
  leadsFor?: readonly Role[];
}

/** Every module's areas, in the registry's order (the sidebar groups them). */
export const NAV_AREAS: readonly NavArea[] = MODULES.flatMap((m) => ("areas" in m ? (m.areas as readonly NavArea[]) : []));

export interface NavGroup {
  id: NavGroupId;
  labelKey: string;
  areas: NavArea[];
}

/** The groups, in order, with the areas this role may see; a group with nothing to show is left out. */
export function navigationFor(role: Role | null | undefined): NavGroup[] {
  const admin = canAdminister(role);
  const leads = (a: NavArea) => role != null && (a.leadsFor?.includes(role) ?? false);
  const groups = NAV_GROUPS.map((id) => ({
    id,
    labelKey: `nav.group.${id}`,
    areas: NAV_AREAS.filter((a) => a.group === id && (!a.adminOnly || admin)).sort((a, b) => Number(leads(b)) - Number(leads(a))),
  })).filter((g) => g.areas.length > 0);
  return groups.sort((a, b) => Number(b.areas.some(leads)) - Number(a.areas.some(leads)));
}

/** A label key as i18next wants it: the key and its namespace ("help:module.scanner" → help, module.scanner). */
export function labelOf(labelKey: string): { ns: string; key: string } {
  const at = labelKey.indexOf(":");
  return at < 0 ? { ns: "common", key: labelKey } : { ns: labelKey.slice(0, at), key: labelKey.slice(at + 1) };
}

/** The namespaces the navigation's labels come from; the signed-in pages load them with the shell. */
export const NAV_NAMESPACES = ["common", "help"] as const;

function belongs(pathname: string, base: string): boolean {
  if (base === "/") return pathname === "/";
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The area a page belongs to ("/documents/123" → Documents, "/channel/abc" → Team chat), or null. */
export function currentArea(pathname: string): NavArea | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return NAV_AREAS.find((a) => belongs(path, a.path) || a.alsoAt?.some((p) => belongs(path, p))) ?? null;
}
