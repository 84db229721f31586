import { Building2, Camera, FileText, Globe, LayoutGrid, MessagesSquare, ShieldCheck, Upload, Video, Wallet } from "lucide-react";
/** Spec section 2: the dashboard's six modules and where "Open {module}" goes. */
export const DASHBOARD_MODULES = [
  { id: "legal-documents", name: "Legal Documents", icon: FileText },
  { id: "trust-administration", name: "Trust Administration", icon: Building2 },
  { id: "team-collaboration", name: "Team Collaboration", icon: MessagesSquare },
  { id: "compliance-monitoring", name: "Compliance Monitoring", icon: ShieldCheck },
  { id: "financial-management", name: "Financial Management", icon: Wallet },
  { id: "video-meetings", name: "Video Meetings", icon: Video },
] as const;

export type DashboardModuleId = (typeof DASHBOARD_MODULES)[number]["id"];

const MODULE_ROUTES: Record<string, string> = {
  "Legal Documents": "/documents",
  "Trust Administration": "/trust-administration",
  "Team Collaboration": "/chat",
  "Compliance Monitoring": "/compliance-health",
  "Financial Management": "/financial",
  "Video Meetings": "/video-meetings",
};

/** The spec's module-to-route mapping; any other module opens /modules. */
export function moduleRoute(moduleName: string): string {
  return MODULE_ROUTES[moduleName] ?? "/modules";
}

/** Spec section 2: the Quick Actions card. */
export const QUICK_ACTIONS = [
  { id: "upload", to: "/documents#upload", icon: Upload, labelKey: "a11y.uploadDocument" },
  { id: "chat", to: "/chat", icon: MessagesSquare },
  { id: "scanner", to: "/scanner", icon: Camera, labelKey: "a11y.scanDocument" },
  { id: "video", to: "/video-meetings", icon: Video, labelKey: "a11y.startMeeting" },
  { id: "languages", to: "/language-demo", icon: Globe },
  { id: "modules", to: "/modules", icon: LayoutGrid },
] as const;
