import { and, desc, eq, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documents } from "~/modules/documents/schema";
import { visiblePolls } from "~/modules/polls/access.server";
import { polls } from "~/modules/polls/schema";
import type { Db } from "~/platform/db.server";
import { MEETING_LIMITS } from "./validation";

export interface LinkedItem {
  id: string;
  title: string;
  url: string;
}

/** How many polls and documents the schedule form offers: the most recent ones the person can see. */
const CHOICES_LIMIT = 200;

const pollUrl = (id: string) => `/polling/${id}`;
const documentUrl = (id: string) => `/documents/${id}`;

/**
 * What the schedule form offers to link (issue 20: "optionally linked to a poll or documents to discuss"): the
 * polls and documents of the workspace this person may see, newest first. The server checks each id again on POST.
 */
export async function linkChoices(db: Db, session: CurrentSession): Promise<{ polls: LinkedItem[]; documents: LinkedItem[] }> {
  if (!session.workspace) return { polls: [], documents: [] };
  const [pollRows, documentRows] = await db.batch([
    db.select({ id: polls.id, title: polls.title }).from(polls).where(visiblePolls(session)).orderBy(desc(polls.createdAt)).limit(CHOICES_LIMIT),
    db
      .select({ id: documents.id, title: documents.title })
      .from(documents)
      .where(visibleDocuments(session))
      .orderBy(desc(documents.createdAt))
      .limit(CHOICES_LIMIT),
  ]);
  return {
    polls: pollRows.map((p) => ({ ...p, url: pollUrl(p.id) })),
    documents: documentRows.map((d) => ({ ...d, url: documentUrl(d.id) })),
  };
}

/**
 * The meeting's linked poll and documents as the viewer may see them: one they may not open (a document shared with
 * the host only) is left out rather than named, as the minutes do with a poll.
 */
export async function linkedItems(
  db: Db,
  session: CurrentSession,
  meeting: { pollId: string | null; documentIds: string[] | null },
): Promise<{ poll: LinkedItem | null; documents: LinkedItem[] }> {
  const ids = (meeting.documentIds ?? []).slice(0, MEETING_LIMITS.documentsMax);
  if (!session.workspace || (!meeting.pollId && ids.length === 0)) return { poll: null, documents: [] };
  const [pollRows, documentRows] = await db.batch([
    db
      .select({ id: polls.id, title: polls.title })
      .from(polls)
      .where(and(eq(polls.id, meeting.pollId ?? ""), visiblePolls(session))),
    db
      .select({ id: documents.id, title: documents.title })
      .from(documents)
      .where(and(sql`${documents.id} in (select value from json_each(${JSON.stringify(ids)}))`, visibleDocuments(session))),
  ]);
  const poll = pollRows[0];
  // In the order the host chose them.
  const byId = new Map(documentRows.map((d) => [d.id, d]));
  return {
    poll: poll ? { ...poll, url: pollUrl(poll.id) } : null,
    documents: ids.flatMap((id) => {
      const d = byId.get(id);
      return d ? [{ ...d, url: documentUrl(d.id) }] : [];
    }),
  };
}
