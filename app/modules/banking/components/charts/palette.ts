// @unocss-include: UnoCSS reads .tsx files unless told; these class names live here, in a .ts file.
/**
 * The charts' colours: each at least 3:1 against the card in light (#fff) and in dark mode (#161b22), as
 * WCAG 1.4.11 asks of the parts of a graphic, and told apart by hue and lightness. Written out whole so
 * that UnoCSS finds the classes; the figures themselves are also in each chart's table.
 */
export const SERIES = [
  { fill: "fill-[#1d4ed8] dark:fill-[#93c5fd]", stroke: "stroke-[#1d4ed8] dark:stroke-[#93c5fd]", swatch: "bg-[#1d4ed8] dark:bg-[#93c5fd]" },
  { fill: "fill-[#b45309] dark:fill-[#fbbf24]", stroke: "stroke-[#b45309] dark:stroke-[#fbbf24]", swatch: "bg-[#b45309] dark:bg-[#fbbf24]" },
  { fill: "fill-[#047857] dark:fill-[#6ee7b7]", stroke: "stroke-[#047857] dark:stroke-[#6ee7b7]", swatch: "bg-[#047857] dark:bg-[#6ee7b7]" },
  { fill: "fill-[#be185d] dark:fill-[#f9a8d4]", stroke: "stroke-[#be185d] dark:stroke-[#f9a8d4]", swatch: "bg-[#be185d] dark:bg-[#f9a8d4]" },
  { fill: "fill-[#6d28d9] dark:fill-[#c4b5fd]", stroke: "stroke-[#6d28d9] dark:stroke-[#c4b5fd]", swatch: "bg-[#6d28d9] dark:bg-[#c4b5fd]" },
  { fill: "fill-[#0e7490] dark:fill-[#67e8f9]", stroke: "stroke-[#0e7490] dark:stroke-[#67e8f9]", swatch: "bg-[#0e7490] dark:bg-[#67e8f9]" },
  { fill: "fill-[#b91c1c] dark:fill-[#fca5a5]", stroke: "stroke-[#b91c1c] dark:stroke-[#fca5a5]", swatch: "bg-[#b91c1c] dark:bg-[#fca5a5]" },
  { fill: "fill-[#4b5563] dark:fill-[#d1d5db]", stroke: "stroke-[#4b5563] dark:stroke-[#d1d5db]", swatch: "bg-[#4b5563] dark:bg-[#d1d5db]" },
] as const;

export const seriesColour = (index: number) => SERIES[index % SERIES.length];
