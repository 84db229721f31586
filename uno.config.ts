import { defineConfig, presetWind3 } from "unocss";

/** Colours are CSS variables set per theme in app/styles/themes.css, so one class works in every theme. */
const token = (name: string) => `var(--${name})`;

export default defineConfig({
  presets: [presetWind3({ dark: "class" })],
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
