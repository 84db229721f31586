/**
 * The characters the standard PDF fonts (Times, Helvetica) can write: WinAnsi, i.e. printable
 * ASCII, Latin-1 and 27 typographic extras. Kept as a list so the browser can warn before export
 * without loading pdf-lib; a unit test checks it against pdf-lib's own character set.
 */
const EXTRAS = [
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022,
  0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
];

export const WIN_ANSI: ReadonlySet<number> = new Set([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  ...EXTRAS,
]);

/** The distinct characters of a text that a standard-font PDF cannot write as they are. */
export function unsupportedInPdf(text: string): string[] {
  const found = new Set<string>();
  for (const char of text) if (char !== "\n" && char !== "\t" && char !== "\r" && !WIN_ANSI.has(char.codePointAt(0)!)) found.add(char);
  return [...found];
}
