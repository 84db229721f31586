import { and, asc, eq, inArray } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import { inChunks } from "~/platform/batching";
import { chatMessages, chatTopics, smsMessages, smsParticipants } from "./schema";
import type { MessageView } from "./views";

type MessageRow = typeof chatMessages.$inferSelect;

/** Turns stored rows into what viewers see: author or phone, topic name, SMS delivery per phone. */
export async function toViews(db: Db, rows: MessageRow[]): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const authorIds = [...new Set(rows.map((r) => r.authorId).filter((id): id is string => id !== null))];
  const topicIds = [...new Set(rows.map((r) => r.topicId))];
  const participantIds = [...new Set(rows.map((r) => r.smsParticipantId).filter((id): id is string => id !== null))];
  const ids = rows.map((r) => r.id);
  const [authors, topics, participants, deliveries, inbound] = await Promise.all([
    inChunks(authorIds, (slice) => db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, slice))),
    inChunks(topicIds, (slice) => db.select({ id: chatTopics.id, name: chatTopics.name }).from(chatTopics).where(inArray(chatTopics.id, slice))),
    inChunks(participantIds, (slice) =>
      db
        .select({ id: smsParticipants.id, name: smsParticipants.displayName, phone: smsParticipants.phone })
        .from(smsParticipants)
        .where(inArray(smsParticipants.id, slice)),
    ),
    inChunks(ids, (slice) =>
      db
        .select({ chatMessageId: smsMessages.chatMessageId, status: smsMessages.status, error: smsMessages.error, name: smsParticipants.displayName })
        .from(smsMessages)
        .leftJoin(smsParticipants, eq(smsParticipants.id, smsMessages.participantId))
        .where(and(inArray(smsMessages.chatMessageId, slice), eq(smsMessages.direction, "outbound")))
        .orderBy(asc(smsMessages.createdAt)),
    ),
    participantIds.length
      ? inChunks(ids, (slice) =>
          db
            .select({ chatMessageId: smsMessages.chatMessageId, route: smsMessages.route })
            .from(smsMessages)
            .where(and(inArray(smsMessages.chatMessageId, slice), eq(smsMessages.direction, "inbound"))),
        )
      : Promise.resolve([]),
  ]);
  const authorName = new Map(authors.map((a) => [a.id, a.name]));
  const topicName = new Map(topics.map((t) => [t.id, t.name]));
  const participant = new Map(participants.map((p) => [p.id, p]));
  const routeOf = new Map(inbound.map((i) => [i.chatMessageId, i.route]));
  return rows.map((r) => {
    const phone = r.smsParticipantId ? participant.get(r.smsParticipantId) : undefined;
    return {
      id: r.id,
      channelId: r.channelId,
      topicId: r.topicId,
      topicName: topicName.get(r.topicId) ?? "",
      seq: r.seq,
      authorId: r.authorId,
      authorName: phone ? phone.name : r.authorId ? (authorName.get(r.authorId) ?? "") : "",
      sms: phone ? { participantName: phone.name, phone: phone.phone, route: routeOf.get(r.id) ?? null } : null,
      body: r.deletedAt ? "" : r.body,
      createdAt: r.createdAt.toISOString(),
      editedAt: r.editedAt?.toISOString() ?? null,
      deleted: r.deletedAt !== null,
      deliveries: deliveries.filter((d) => d.chatMessageId === r.id).map((d) => ({ participantName: d.name ?? "", status: d.status, error: d.error })),
    };
  });
}
