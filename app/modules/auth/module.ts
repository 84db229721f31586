import { defineModule } from "../../platform/module-manifest";

/** Accounts and sessions: signing up, in and out, e-mail verification, password reset (spec sections 2 and 5). */
export const authModule = defineModule({
  id: "auth",
  routes: [
    // One authentication screen under four paths; the path picks the first tab.
    { path: "auth", file: "routes/auth.tsx", id: "auth" },
    { path: "login", file: "routes/auth.tsx", id: "login" },
    { path: "register", file: "routes/auth.tsx", id: "register" },
    { path: "forgot-password", file: "routes/auth.tsx", id: "forgot-password" },
    { path: "reset-password", file: "routes/reset-password.tsx" },
    { path: "verify-email", file: "routes/verify-email.tsx" },
    { path: "api/auth/user", file: "routes/api.auth.user.ts" },
    { path: "api/auth/login", file: "routes/api.auth.login.ts" },
    { path: "api/auth/register", file: "routes/api.auth.register.ts" },
    { path: "api/auth/forgot-password", file: "routes/api.auth.forgot-password.ts" },
    { path: "api/auth/reset-password", file: "routes/api.auth.reset-password.ts" },
    { path: "api/auth/resend-verification", file: "routes/api.auth.resend-verification.ts" },
    { path: "api/login", file: "routes/api.login.ts" },
    { path: "api/logout", file: "routes/api.logout.tsx" },
    { path: "api/sessions", file: "routes/api.sessions.ts" },
    { path: "api/sessions/:id", file: "routes/api.sessions.$id.ts" },
  ],
  helpTopics: ["security"],
});
