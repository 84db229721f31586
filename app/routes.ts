import { index, route, type RouteConfig } from "@remix-run/route-config";

export default [
  index("routes/home.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("sales", "routes/landing.tsx", { id: "sales" }),
  route("landing", "routes/landing.tsx", { id: "landing" }),
  // One authentication screen under four paths; the path picks the first tab.
  route("auth", "routes/auth.tsx", { id: "auth" }),
  route("login", "routes/auth.tsx", { id: "login" }),
  route("register", "routes/auth.tsx", { id: "register" }),
  route("forgot-password", "routes/auth.tsx", { id: "forgot-password" }),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("customer-signup", "routes/customer-signup.tsx"),
  route("invite-signup", "routes/invite-signup.tsx"),
  route("admin", "routes/admin.tsx"),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  route("guides/:slug", "routes/guides.slug.ts"),

  route("api/auth/user", "routes/api.auth.user.ts"),
  route("api/auth/login", "routes/api.auth.login.ts"),
  route("api/auth/register", "routes/api.auth.register.ts"),
  route("api/auth/forgot-password", "routes/api.auth.forgot-password.ts"),
  route("api/auth/reset-password", "routes/api.auth.reset-password.ts"),
  route("api/auth/resend-verification", "routes/api.auth.resend-verification.ts"),
  route("api/login", "routes/api.login.ts"),
  route("api/logout", "routes/api.logout.ts"),
  route("api/workspaces/switch", "routes/api.workspaces.switch.ts"),
  route("api/preferences", "routes/api.preferences.ts"),
  route("api/users/:id/avatar", "routes/api.users.avatar.ts"),
  route("profile", "routes/profile.tsx"),
  route("help", "routes/help.tsx"),
  route("modules", "routes/modules.tsx"),
  route("language-demo", "routes/language-demo.tsx"),
  route("theme-demo", "routes/theme-demo.tsx"),

  // Everything else: the spec's route sets (signed-in pages not built yet, not-found, the sales page).
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
