/** Spec section 9: five colour themes, black-white ("Classic") by default, and an independent dark mode. */
export const THEMES = [
  { id: "black-white", swatches: ["#111111", "#ffffff", "#6b7280"] },
  { id: "legal", swatches: ["#1e3a5f", "#b7872f", "#f8f5ee"] },
  { id: "pride", swatches: ["#e40303", "#ff8c00", "#ffed00", "#008026", "#004dff", "#750787"] },
  { id: "mountain", swatches: ["#2f5d3a", "#8b5e34", "#e9e4d8"] },
  { id: "ocean", swatches: ["#1d4ed8", "#0e7490", "#e0f2fe"] },
] as const;

export type ThemeId = (typeof THEMES)[number]["id"];

export const THEME_IDS = THEMES.map((t) => t.id) as ThemeId[];

export const DEFAULT_THEME: ThemeId = "black-white";

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === "string" && (THEME_IDS as string[]).includes(value);
}
