import { and, inArray } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documents } from "~/modules/documents/schema";
import type { Db } from "~/platform/db.server";
import { isUuid } from "~/platform/ids";

export interface DocumentCard {
  id: string;
  title: string;
  type: string;
  status: string;
}

/**
 * Cards for documents linked in messages, only for those the viewer may open: a link to anything
 * else stays a plain link, without its title (a title can say more than it should).
 */
export async function documentCards(db: Db, session: CurrentSession, ids: string[]): Promise<DocumentCard[]> {
  const wanted = [...new Set(ids.filter((id) => isUuid(id)))].slice(0, 50);
  if (wanted.length === 0 || !session.workspace) return [];
  return db
    .select({ id: documents.id, title: documents.title, type: documents.type, status: documents.status })
    .from(documents)
    .where(and(inArray(documents.id, wanted), visibleDocuments(session)));
}
