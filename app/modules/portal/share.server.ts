import type { CurrentSession } from "~/modules/auth/session.server";
import { sameName } from "~/modules/finance/checks";
import { instrumentCandidates, trustAsAmendedOf } from "~/modules/instruments/as-amended.server";
import { isInstrumentType } from "~/modules/instruments/family";
import type { Db } from "~/platform/db.server";

export interface ShareReading {
  documentId: string;
  documentTitle: string;
  /** Her share as the instrument writes it ("20%"), or null when it names her without one. */
  share: string | null;
  /** The sentence that names her. */
  passage: string | null;
  /** The terms that mention her by name: her conditions (an age, a purpose), in the trust's words. */
  conditions: { heading: string | null; body: string }[];
}

const CONDITIONS_MAX = 4;

function mentions(body: string, name: string): boolean {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? "";
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\b(${escape(name.trim())}|${escape(first)})\\b`, "i").test(body);
}

/**
 * Her share and its conditions as the analysed trust (as amended) states them, read with her own session: only from
 * an instrument she may read herself, so the passage tells her nothing her documents do not already show her.
 */
export async function shareReading(db: Db, herSession: CurrentSession): Promise<ShareReading | null> {
  const candidates = await instrumentCandidates(db, herSession);
  const name = herSession.user.name;
  const instrument = candidates.find((c) => isInstrumentType(c) && (c.analysis?.parties ?? []).some((p) => sameName(p.name, name)));
  if (!instrument) return null;
  const amended = await trustAsAmendedOf(db, herSession, instrument.id, candidates);
  const parties = amended?.parties ?? instrument.analysis?.parties ?? [];
  const named = parties.filter((p) => p.role === "beneficiary" && sameName(p.name, name));
  if (named.length === 0) return null;
  const terms = (amended?.terms ?? []).filter((t) => t.status !== "deleted" && mentions(t.body, name));
  return {
    documentId: amended?.instrument.documentId ?? instrument.id,
    documentTitle: amended?.instrument.title ?? instrument.title,
    share: named.find((p) => p.share)?.share ?? null,
    passage: named.find((p) => p.sourceText)?.sourceText ?? null,
    conditions: terms.slice(0, CONDITIONS_MAX).map((t) => ({ heading: [t.reference, t.title].filter(Boolean).join(" ") || null, body: t.body })),
  };
}
