import { NAV_AREAS } from "~/modules/navigation/areas";
import { HELP_TOPICS } from "~/modules/registry";

/** The help centre's sections come from the modules that explain them (`helpTopics` in their module.ts). */
export { HELP_TOPICS };
export type HelpTopic = string;

/** Every signed-in area of the product, for /modules: the navigation's areas. `ready` areas have their own screen today. */
export const PRODUCT_MODULES = NAV_AREAS.map((area) => ({ path: area.path, labelKey: area.labelKey, ready: area.ready }));

/** Case- and accent-insensitive match of every word of the query against a topic's text. */
export function matchesQuery(text: string, query: string): boolean {
  const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();
  const haystack = fold(text);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
