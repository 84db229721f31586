import type { z } from "zod";

/**
 * The error map of a discriminated union (a page's commands told apart by `intent`, a rule's condition by
 * `field`): an unknown discriminator reads as the given sentence, every other issue keeps its own message.
 */
export function unknownVariant(message: string): z.ZodErrorMap {
  return (issue, ctx) => ({ message: issue.code === "invalid_union_discriminator" ? message : ctx.defaultError });
}
