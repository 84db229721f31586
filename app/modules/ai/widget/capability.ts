import { CAPABILITIES, type Capability } from "./types";

/** Spec section 4, in the spec's order: the first rule whose segment the path contains wins. */
const PATH_RULES: readonly (readonly [segment: string, capability: Capability])[] = [
  ["documents", "document_analysis"],
  ["compliance", "compliance_guidance"],
  ["trust", "trust_administration"],
];

/**
 * Whether a path "contains the segment" /{word} (spec section 4).
 *
 * Our reading: a path segment matches when it is the word itself or starts with the word followed by
 * a hyphen, i.e. the path contains "/{word}" ending at a "/", a "-" or the end. So /documents,
 * /documents/abc, /compliance, /compliance-health and /trust-administration match, while /trustees,
 * /entrust or /ethical-compliance do not. A bare substring test would also catch /trustees; an
 * exact-segment test would leave trust_administration unreachable, since the product's trust pages
 * are /trust-administration and /trust-banking and no page lives at /trust.
 */
export function pathHasSegment(pathname: string, word: string): boolean {
  const target = word.toLowerCase();
  return pathname
    .toLowerCase()
    .split("/")
    .some((segment) => segment === target || segment.startsWith(`${target}-`));
}

/** The capability for a page when none is given: spec section 4. */
export function capabilityFromPath(pathname: string): Capability {
  for (const [segment, capability] of PATH_RULES) if (pathHasSegment(pathname, segment)) return capability;
  return "feature_guidance";
}

export function isCapability(value: unknown): value is Capability {
  return typeof value === "string" && (CAPABILITIES as readonly string[]).includes(value);
}
