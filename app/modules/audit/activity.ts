/** What a reader needs to turn an audit entry into a sentence: the dashboard namespace's `t` and `exists`. */
export interface ActivityTranslator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

export interface ActivityLine {
  /** The entry as a sentence in the reader's language ("Eleanor Hartwell created a poll"); never the raw code. */
  sentence: string;
  /** "failed" or "refused" beside a sentence that does not already say so; null when the sentence tells it all. */
  outcome: string | null;
}

/**
 * The sentence for an audit entry (keys `activity.{action}` in the dashboard namespace). A failed or refused
 * entry uses `activity.{action}.{outcome}` when there is one; an entry without a person (a poll closed by its
 * deadline) uses `activity.{action}.noActor`; an action with no sentence yet reads as a generic one.
 */
export function describeActivity(entry: { action: string; outcome: string; actorName: string | null }, { t, exists }: ActivityTranslator): ActivityLine {
  const actor = entry.actorName ?? t("activity.someone");
  const failed = entry.outcome !== "success";
  const candidates = [
    failed ? { key: `activity.${entry.action}.${entry.outcome}`, complete: true } : null,
    entry.actorName === null ? { key: `activity.${entry.action}.noActor`, complete: false } : null,
    // A code that names a refusal ("poll.vote_denied") already says so.
    { key: `activity.${entry.action}`, complete: /(^|[._])denied$/.test(entry.action) },
  ];
  const found = candidates.find((c) => c !== null && exists(c.key));
  const sentence = t(found?.key ?? "activity.unknown", { actor });
  const complete = found?.complete ?? false;
  return { sentence, outcome: failed && !complete ? t(`activity.outcome.${entry.outcome === "failure" ? "failure" : "denied"}`) : null };
}
