import { defineConfig, presetWind3 } from "unocss";

/** Colours are CSS variables set per theme in app/styles/themes.css, so one class works in every theme. */
const token = (name: string) => `var(--${name})`;

export default defineConfig({
  presets: [presetWind3({ dark: "class" })],
  // Classes repeated on every signed-in page (the sidebar's forty-odd links): one short name each keeps the HTML small.
  shortcuts: {
    "area-link":
      "flex min-h-9 items-center gap-2 rounded-md px-3 py-1.5 no-underline focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring",
    // Exactly one of these two goes with area-link, so no two rules compete for a colour.
    "area-link-other": "text-foreground hover:bg-muted",
    "area-link-current": "bg-primary font-semibold text-primary-foreground",
    "area-link-icon": "h-4 w-4 shrink-0",
    "area-link-label": "min-w-0 flex-1 hyphens-auto break-words",
  },
  theme: {
    colors: {
      background: token("background"),
      foreground: token("foreground"),
      card: { DEFAULT: token("card"), foreground: token("card-foreground") },
      muted: { DEFAULT: token("muted"), foreground: token("muted-foreground") },
      border: token("border"),
      input: token("input"),
      primary: { DEFAULT: token("primary"), hover: token("primary-hover"), foreground: token("primary-foreground") },
      accent: { DEFAULT: token("accent"), foreground: token("accent-foreground") },
      ring: token("ring"),
      link: token("link"),
      destructive: {
        DEFAULT: token("destructive"),
        hover: token("destructive-hover"),
        foreground: token("destructive-foreground"),
        soft: token("destructive-soft"),
        "soft-foreground": token("destructive-soft-foreground"),
      },
      success: { DEFAULT: token("success"), soft: token("success-soft"), "soft-foreground": token("success-soft-foreground") },
      warning: { DEFAULT: token("warning"), soft: token("warning-soft"), "soft-foreground": token("warning-soft-foreground") },
    },
  },
});
