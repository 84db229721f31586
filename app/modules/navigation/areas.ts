import {
  Activity,
  ArrowLeftRight,
  BellRing,
  Bell,
  Bug,
  Building2,
  CircleHelp,
  ClipboardCheck,
  Earth,
  FileText,
  Gavel,
  Globe,
  HandCoins,
  History,
  Landmark,
  Languages,
  LayoutDashboard,
  LayoutGrid,
  ListChecks,
  Mail,
  MessageSquareText,
  MessagesSquare,
  Palette,
  PenLine,
  Receipt,
  Scale,
  ScanLine,
  Shield,
  ShieldCheck,
  Smartphone,
  Sparkles,
  UserCog,
  Video,
  Vote,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { canAdminister } from "~/modules/workspaces/roles";
import type { Role } from "~/modules/workspaces/schema";

/**
 * The signed-in navigation: every area of the product, grouped, in the order the sidebar and the phone
 * menu show them. The shell reads its data from this file only; later the list will be gathered from
 * the modules' manifests, with the same exports.
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
}

const area = (path: string, group: NavGroupId, icon: LucideIcon, ready: boolean, extra: Partial<NavArea> = {}): NavArea => ({
  path,
  labelKey: `help:module.${path.slice(1)}`,
  icon,
  group,
  ready,
  ...extra,
});

export const NAV_AREAS: readonly NavArea[] = [
  area("/documents", "documents", FileText, true),
  area("/version-control", "documents", History, true),
  area("/scanner", "documents", ScanLine, true),
  area("/document-drafting", "documents", PenLine, true),
  area("/legal-intelligence", "documents", Scale, true),
  area("/translator", "documents", Languages, true),

  area("/chat", "conversations", MessagesSquare, true, { alsoAt: ["/channel"] }),
  area("/threaded-conversations", "conversations", MessageSquareText, true),
  area("/sms-threading", "conversations", Smartphone, true),
  area("/notifications", "conversations", Bell, true),
  area("/email-personalization", "conversations", Mail, false),
  area("/smart-communication", "conversations", Sparkles, false),

  area("/polling", "decisions", Vote, true),
  area("/vote-tracking", "decisions", ListChecks, true),

  area("/financial", "money", Wallet, false),
  area("/trust-banking", "money", Landmark, false),
  area("/transaction-reconciliation", "money", ArrowLeftRight, false),
  area("/tax-administration", "money", Receipt, false),
  area("/beneficiary-portal", "money", HandCoins, false),

  // /compliance is the assistant's short address for this area and redirects here.
  area("/compliance-health", "compliance", ShieldCheck, false, { alsoAt: ["/compliance"] }),
  area("/compliance-notifications", "compliance", BellRing, true),
  area("/regulatory-audit", "compliance", ClipboardCheck, false),
  area("/ethical-compliance", "compliance", Gavel, false),
  area("/multi-jurisdiction-compliance", "compliance", Globe, false),

  area("/video-meetings", "meetings", Video, false),

  area("/dashboard", "administration", LayoutDashboard, true, { alsoAt: ["/"] }),
  area("/trust-administration", "administration", Building2, false),
  area("/admin", "administration", Shield, true, { adminOnly: true }),
  area("/system-health", "administration", Activity, false, { adminOnly: true }),
  area("/error-reporting", "administration", Bug, false),
  area("/profile", "administration", UserCog, true),
  area("/help", "administration", CircleHelp, true),
  area("/modules", "administration", LayoutGrid, true, { labelKey: "help:modules.title" }),
  area("/language-demo", "administration", Earth, true),
  area("/theme-demo", "administration", Palette, true),
];

export interface NavGroup {
  id: NavGroupId;
  labelKey: string;
  areas: NavArea[];
}

/** The groups, in order, with the areas this role may see; a group with nothing to show is left out. */
export function navigationFor(role: Role | null | undefined): NavGroup[] {
  const admin = canAdminister(role);
  return NAV_GROUPS.map((id) => ({
    id,
    labelKey: `nav.group.${id}`,
    areas: NAV_AREAS.filter((a) => a.group === id && (!a.adminOnly || admin)),
  })).filter((g) => g.areas.length > 0);
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
