/**
 * The messages a trustee sends again and again (issue 21), built in and in every language: their words are in
 * communication.json (`builtin.<key>.name`, `.subject`, `.body`), merge fields and all. A workspace adds its own
 * (message_templates); a built-in one is used as it is or copied and changed.
 */
export const BUILTIN_TEMPLATES = ["distributionApproved", "meetingReminder", "taxDocumentsNeeded", "accountingAvailable"] as const;
export type BuiltinTemplate = (typeof BUILTIN_TEMPLATES)[number];

export const TEMPLATE_LIMITS = { nameMax: 120, bodyMax: 4000, subjectMax: 200, perWorkspace: 200 } as const;

/** Built-in templates are addressed as `builtin:<key>`, a workspace's own by their id. */
export function builtinKey(id: string): BuiltinTemplate | null {
  const key = id.startsWith("builtin:") ? id.slice("builtin:".length) : "";
  return (BUILTIN_TEMPLATES as readonly string[]).includes(key) ? (key as BuiltinTemplate) : null;
}

/** The tones a suggested reply can take. */
export const TONES = ["formal", "warm"] as const;
export type Tone = (typeof TONES)[number];
