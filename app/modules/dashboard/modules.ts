/** Spec section 2: the dashboard's six modules and where "Open {module}" goes. */
export const DASHBOARD_MODULES = [
  { id: "legal-documents", name: "Legal Documents", icon: "📄" },
  { id: "trust-administration", name: "Trust Administration", icon: "🏛️" },
  { id: "team-collaboration", name: "Team Collaboration", icon: "💬" },
  { id: "compliance-monitoring", name: "Compliance Monitoring", icon: "✅" },
  { id: "financial-management", name: "Financial Management", icon: "💰" },
  { id: "video-meetings", name: "Video Meetings", icon: "🎥" },
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
  { id: "upload", to: "/documents#upload", icon: "📤", labelKey: "a11y.uploadDocument" },
  { id: "chat", to: "/chat", icon: "💬" },
  { id: "scanner", to: "/scanner", icon: "📷", labelKey: "a11y.scanDocument" },
  { id: "video", to: "/video-meetings", icon: "🎥", labelKey: "a11y.startMeeting" },
  { id: "languages", to: "/language-demo", icon: "🌐" },
  { id: "modules", to: "/modules", icon: "🧩" },
] as const;
