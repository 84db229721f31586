import { Mail } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/**
 * The product's e-mails as the family's own (issue 21, /email-personalization): the workspace's look and an intro per
 * e-mail, a preview in every language with a member's real data, a test and a reset; each person's daily or weekly
 * digest; a working unsubscribe link (and List-Unsubscribe) on every mail that is not about security.
 */
export const emailModule = defineModule({
  id: "email",
  areas: [area("/email-personalization", "conversations", Mail, true)],
  pages: [{ path: "email-personalization", file: "modules/email/routes/email-personalization.tsx" }],
  routes: [
    { path: "unsubscribe", file: "modules/email/routes/unsubscribe.tsx" },
    { path: "api/email/templates", file: "modules/email/routes/api.email-templates.ts" },
    { path: "api/email/templates/:key", file: "modules/email/routes/api.email-template.ts", id: "email-template" },
    { path: "api/email/templates/:key/:command", file: "modules/email/routes/api.email-template.ts", id: "email-template-command" },
    { path: "api/email/settings", file: "modules/email/routes/api.email-settings.ts" },
  ],
});
