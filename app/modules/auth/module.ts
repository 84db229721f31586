import { defineModule } from "../../platform/module-manifest";

const secondFactor = "modules/auth/second-factor/routes";

/** Accounts and sessions: signing up, in and out, e-mail verification, password reset (spec sections 2 and 5), second factors. */
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
    // Second factors (ADR 0036): the sign-in's second step, and each person's own app, passkeys and recovery codes.
    { path: "api/auth/second-factor", file: `${secondFactor}/api.second-factor.ts` },
    { path: "api/auth/second-factor/passkey", file: `${secondFactor}/api.second-factor.passkey.ts` },
    { path: "api/auth/factors", file: `${secondFactor}/api.factors.ts`, id: "auth-factors" },
    { path: "api/auth/factors/:command", file: `${secondFactor}/api.factors.ts`, id: "auth-factors-command" },
  ],
  helpTopics: ["security"],
});
