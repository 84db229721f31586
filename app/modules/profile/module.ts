import { UserCog } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** A person's own profile, picture, password and phone, their time zone and quiet hours. */
export const profileModule = defineModule({
  id: "profile",
  areas: [area("/profile", "administration", UserCog, true)],
  pages: [{ path: "profile", file: "routes/profile.tsx" }],
  routes: [
    { path: "api/users/:id/avatar", file: "routes/api.users.avatar.ts" },
    { path: "api/profile/quiet-hours", file: "modules/profile/routes/api.quiet-hours.ts" },
  ],
  helpTopics: ["account"],
});
