import { Activity, Bug, Building2, ClipboardCheck, Gavel, Globe, HandCoins, Mail, ShieldCheck, Sparkles, Video } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/**
 * The spec's areas that have no domain yet (they show "being built"): listed so that the navigation, /modules
 * and the help centre show the whole product. A new domain takes its areas and help topics out of here.
 */
export const plannedModule = defineModule({
  id: "planned",
  areas: [
    area("/email-personalization", "conversations", Mail, false),
    area("/smart-communication", "conversations", Sparkles, false),
    area("/beneficiary-portal", "money", HandCoins, false),
    // /compliance is the assistant's short address for this area and redirects here.
    area("/compliance-health", "compliance", ShieldCheck, false, { alsoAt: ["/compliance"] }),
    area("/regulatory-audit", "compliance", ClipboardCheck, false),
    area("/ethical-compliance", "compliance", Gavel, false),
    area("/multi-jurisdiction-compliance", "compliance", Globe, false),
    area("/video-meetings", "meetings", Video, false),
    area("/trust-administration", "administration", Building2, false),
    area("/system-health", "administration", Activity, false, { adminOnly: true }),
    area("/error-reporting", "administration", Bug, false),
  ],
});
