import { DEMO_DOCUMENTS } from "~/modules/documents/seed";
import { DEMO } from "~/modules/workspaces/demo-family";
import type { SeedStep } from "~/platform/module-manifest";

const GENERAL_ID = "e5c8a6b4-0001-4c6e-8d2a-5b7e9f100001";
const TRUSTEES_ID = "e5c8a6b4-0002-4c6e-8d2a-5b7e9f100002";
const ROOF_TOPIC = "f6d9b7c5-0001-4c6e-8d2a-5b7e9f100001";
const TAX_TOPIC = "f6d9b7c5-0002-4c6e-8d2a-5b7e9f100002";
const SUCCESSION_TOPIC = "f6d9b7c5-0003-4c6e-8d2a-5b7e9f100003";
const HOUR = 3600000;
const DAY = 86400000;

/** Team chat: General with two topics, a private trustees' channel, and Grandma Rose taking part by SMS. */
export const seed: SeedStep = ({ workspaceId: ws, now, sql: q }) => {
  const { owner, coTrustee, beneficiary, lawyer } = DEMO;
  const statements = [
    `INSERT INTO channels (id, workspace_id, name, name_key, description, kind, is_default, created_by, created_at, last_message_at)
     VALUES (${q(GENERAL_ID)}, ${q(ws)}, 'General', 'general', 'Everything about the trust, for the whole family.', 'open', 1, NULL, ${now - 7 * DAY}, ${now - HOUR}),
            (${q(TRUSTEES_ID)}, ${q(ws)}, 'Trustees', 'trustees', 'Trustee decisions and counsel.', 'private', 0, ${q(owner.id)}, ${now - 7 * DAY}, ${now - 2 * HOUR})
     ON CONFLICT(id) DO NOTHING;`,
    `INSERT INTO channel_members (channel_id, user_id, workspace_id, joined_at, last_read_seq)
     VALUES (${q(TRUSTEES_ID)}, ${q(owner.id)}, ${q(ws)}, ${now}, 0), (${q(TRUSTEES_ID)}, ${q(coTrustee.id)}, ${q(ws)}, ${now}, 0), (${q(TRUSTEES_ID)}, ${q(lawyer.id)}, ${q(ws)}, ${now}, 0)
     ON CONFLICT(channel_id, user_id) DO NOTHING;`,
    `INSERT INTO chat_topics (id, workspace_id, channel_id, name, name_key, purpose, created_by, created_at, last_activity_at)
     VALUES (${q(ROOF_TOPIC)}, ${q(ws)}, ${q(GENERAL_ID)}, 'Cedar Crest roof repair', 'cedar crest roof repair', 'Cedar Crest roof repair', ${q(owner.id)}, ${now - 3 * DAY}, ${now - HOUR}),
            (${q(TAX_TOPIC)}, ${q(ws)}, ${q(GENERAL_ID)}, '2026 tax filing', '2026 tax filing', '2026 tax filing', ${q(coTrustee.id)}, ${now - 2 * DAY}, ${now - 5 * HOUR}),
            (${q(SUCCESSION_TOPIC)}, ${q(ws)}, ${q(TRUSTEES_ID)}, 'Successor trustee', 'successor trustee', NULL, ${q(owner.id)}, ${now - DAY}, ${now - 2 * HOUR})
     ON CONFLICT(id) DO NOTHING;`,
    `INSERT INTO topic_follows (topic_id, user_id, workspace_id, mode, updated_at)
     VALUES (${q(ROOF_TOPIC)}, ${q(owner.id)}, ${q(ws)}, 'follow', ${now}), (${q(TAX_TOPIC)}, ${q(coTrustee.id)}, ${q(ws)}, 'follow', ${now})
     ON CONFLICT(topic_id, user_id) DO NOTHING;`,
    `INSERT INTO sms_participants (id, workspace_id, topic_id, phone, display_name, reply_code, added_by, created_at, last_outbound_at)
     VALUES ('a7e0c8d6-0001-4c6e-8d2a-5b7e9f100001', ${q(ws)}, ${q(ROOF_TOPIC)}, '+14155550123', 'Grandma Rose', 'R7K', ${q(owner.id)}, ${now - 3 * DAY}, NULL)
     ON CONFLICT(id) DO NOTHING;`,
  ];
  const chat: [string, string, string, number, string][] = [
    [GENERAL_ID, ROOF_TOPIC, owner.id, 72, "The inspector's report on **Cedar Crest** is in: the north slope needs replacing before the rains."],
    [
      GENERAL_ID,
      ROOF_TOPIC,
      coTrustee.id,
      70,
      "I'll get three quotes. Budget from the trust's maintenance reserve:\n- tear-off and underlayment\n- gutters\n- permit",
    ],
    [GENERAL_ID, TAX_TOPIC, coTrustee.id, 48, "The 2026 fiduciary return (Form 1041) is due April 15. @**Margaret Chen** can you confirm the K-1s?"],
    [
      GENERAL_ID,
      TAX_TOPIC,
      lawyer.id,
      46,
      `Yes: I'll prepare the K-1s once the brokerage statements arrive. The trust instrument is here: /documents/${DEMO_DOCUMENTS[0].id}`,
    ],
    [GENERAL_ID, ROOF_TOPIC, beneficiary.id, 1, "Thanks for handling this. Will the repair affect this year's distribution?"],
    [TRUSTEES_ID, SUCCESSION_TOPIC, owner.id, 2, "Margaret, please review section 4 on successor trustees before our meeting."],
  ];
  const seqs = new Map<string, number>();
  for (const [index, [channelId, topicId, authorId, hoursAgo, body]] of chat.entries()) {
    const seq = (seqs.get(channelId) ?? 0) + 1;
    seqs.set(channelId, seq);
    const mentions = body.includes(`@**${lawyer.name}**`) ? JSON.stringify([lawyer.id]) : "[]";
    statements.push(
      `INSERT INTO chat_messages (id, workspace_id, channel_id, topic_id, seq, author_id, body, mentions, created_at)
       VALUES (${q(`b8f1d9e7-${String(index + 1).padStart(4, "0")}-4c6e-8d2a-5b7e9f100001`)}, ${q(ws)}, ${q(channelId)}, ${q(topicId)}, ${seq}, ${q(authorId)}, ${q(body)}, ${q(mentions)}, ${now - hoursAgo * HOUR})
       ON CONFLICT(id) DO NOTHING;`,
    );
  }
  return { statements, summary: `${chat.length} chat messages` };
};
