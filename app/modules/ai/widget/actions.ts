/** Spec section 8: the suggested actions that navigate; any other action is only logged. */
export const ACTION_TARGETS: Readonly<Record<string, string>> = {
  upload: "/documents#upload",
  help: "/help",
  compliance: "/compliance",
};

export function actionTarget(action: string): string | null {
  return Object.prototype.hasOwnProperty.call(ACTION_TARGETS, action) ? ACTION_TARGETS[action] : null;
}

const ICONS: Readonly<Record<string, string>> = {
  upload: "📤",
  help: "📚",
  compliance: "✅",
  document: "📄",
  file: "📄",
  share: "🤝",
  users: "👥",
  calendar: "📅",
  vote: "🗳️",
  money: "💰",
  search: "🔍",
  explain: "💡",
};

/** An action's icon: a known name becomes an emoji; an emoji given by the server is kept. */
export function actionIcon(icon: string | undefined): string {
  if (!icon) return "•";
  if (Object.prototype.hasOwnProperty.call(ICONS, icon)) return ICONS[icon];
  return /^[\x20-\x7e]+$/.test(icon) ? "•" : icon;
}

/**
 * Links the assistant may show: same-site paths and http(s) addresses only, so that a stored or
 * served answer can never carry a javascript: link.
 */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (/^\/(?!\/)/.test(trimmed) || trimmed.startsWith("#")) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
