import { z } from "zod";
import { checkAiRateLimit } from "~/modules/ai/chat.server";
import { chooseTextModel, TextModelError, type TextModel } from "~/modules/ai/text-model";
import { recordUsage } from "~/modules/ai/usage.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { channelAccess } from "~/modules/conversations/channels.server";
import { listMessages } from "~/modules/conversations/messages.server";
import type { MessageView } from "~/modules/conversations/views";
import { LANGUAGES } from "~/modules/preferences/languages";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { CommunicationScope } from "./access.server";
import { communicationTIn } from "./i18n.server";
import type { Tone } from "./templates";
import { offlineSummary } from "./thread-summary";

/** How many of a thread's last messages a suggestion reads, and a summary. */
const REPLY_CONTEXT = 20;
const SUMMARY_CONTEXT = 200;

export interface Engine {
  /** "offline": the built-in templates and extracts, since no model is configured or the model failed. */
  engine: "offline" | TextModel["engine"];
  model: string | null;
  /** A model is configured but did not answer: the offline engine stood in. */
  fellBack: boolean;
}

/**
 * Suggested replies to a thread (issue 21): a few short drafts in the tone and language chosen, from the configured
 * model, or the offline engine's honest templates addressed to whoever wrote last. Always drafts: nothing here sends.
 */
export async function suggestReplies(
  ctx: RequestContext,
  session: CurrentSession,
  scope: CommunicationScope,
  input: { channelId: string; topicId?: string | null; tone: Tone; language: string },
) {
  const messages = await thread(ctx, session, input.channelId, input.topicId, REPLY_CONTEXT);
  const last = [...messages].reverse().find((m) => m.authorId !== session.user.id) ?? messages.at(-1);
  if (!last) throw new Refusal(409, "errors.nothingToReplyTo");
  await checkAiRateLimit(ctx, session);
  const t = communicationTIn(input.language);
  const offline = [1, 2, 3].map((n) => t(`assist.offline.${input.tone}.${n}`, { name: firstName(last.authorName) }));
  const model = chooseTextModel(ctx.config, ctx.env.AI);
  const replyingTo = { seq: last.seq, authorName: last.authorName };
  if (!model) return { drafts: offline, replyingTo, engine: "offline" as const, model: null, fellBack: false };
  try {
    const answer = await model.complete(
      [
        {
          role: "system",
          content: `You help a trustee of a family trust reply in a family chat. Write 3 short alternative replies (at most 60 words each) to the last message, in ${languageName(input.language)}, in a ${input.tone} tone. Never promise money, legal outcomes or dates that the thread does not state. Answer as JSON: {"replies": ["…", "…", "…"]}.`,
        },
        { role: "user", content: transcript(messages) },
      ],
      { json: true, temperature: 0.4, maxTokens: 600 },
    );
    const parsed = z.object({ replies: z.array(z.string().trim().min(1).max(1200)).min(1).max(3) }).safeParse(JSON.parse(answer));
    if (!parsed.success) throw new TextModelError("The model's answer was not the replies asked for.");
    await recordUsage(ctx.db, { workspaceId: scope.workspaceId, userId: scope.userId, feature: "drafting", engine: model.engine });
    return { drafts: parsed.data.replies, replyingTo, engine: model.engine, model: model.model, fellBack: false };
  } catch (error) {
    if (!(error instanceof TextModelError) && !(error instanceof SyntaxError)) throw error;
    console.warn("Suggested replies: the model failed, the offline engine answered", error);
    return { drafts: offline, replyingTo, engine: "offline" as const, model: null, fellBack: true };
  }
}

/** A summary of a long thread on request, each point citing the messages it comes from (by their number). */
export async function summariseThread(
  ctx: RequestContext,
  session: CurrentSession,
  scope: CommunicationScope,
  input: { channelId: string; topicId?: string | null; language: string },
) {
  const messages = await thread(ctx, session, input.channelId, input.topicId, SUMMARY_CONTEXT);
  if (!messages.length) throw new Refusal(409, "errors.nothingToSummarise");
  await checkAiRateLimit(ctx, session);
  const model = chooseTextModel(ctx.config, ctx.env.AI);
  const base = { messageCount: messages.length, from: messages[0].seq, to: messages.at(-1)!.seq };
  if (model) {
    try {
      const answer = await model.complete(
        [
          {
            role: "system",
            content: `Summarise this family-trust chat thread in ${languageName(input.language)} as at most 6 points. Each point cites the numbers (#n) of the messages it comes from; cite only numbers that appear. Answer as JSON: {"points": [{"text": "…", "messages": [n, …]}]}.`,
          },
          { role: "user", content: transcript(messages) },
        ],
        { json: true, temperature: 0.1, maxTokens: 900 },
      );
      const parsed = z
        .object({
          points: z
            .array(z.object({ text: z.string().trim().min(1).max(600), messages: z.array(z.number().int()).min(1).max(20) }))
            .min(1)
            .max(6),
        })
        .safeParse(JSON.parse(answer));
      const seqs = new Set(messages.map((m) => m.seq));
      // A point citing a message that is not in the thread is a point the model made up: the whole answer is refused.
      if (!parsed.success || parsed.data.points.some((p) => p.messages.some((n) => !seqs.has(n))))
        throw new TextModelError("The model's summary cited messages that do not exist.");
      await recordUsage(ctx.db, { workspaceId: scope.workspaceId, userId: scope.userId, feature: "drafting", engine: model.engine });
      return { ...base, points: parsed.data.points, engine: model.engine, model: model.model, fellBack: false };
    } catch (error) {
      if (!(error instanceof TextModelError) && !(error instanceof SyntaxError)) throw error;
      console.warn("Thread summary: the model failed, the offline engine answered", error);
      return { ...base, points: offlineSummary(messages), engine: "offline" as const, model: null, fellBack: true };
    }
  }
  return { ...base, points: offlineSummary(messages), engine: "offline" as const, model: null, fellBack: false };
}

/** The thread as the person may read it: the channel's (or one topic's) last messages, deleted ones left out. */
async function thread(ctx: RequestContext, session: CurrentSession, channelId: string, topicId: string | null | undefined, limit: number) {
  const access = await channelAccess(ctx.db, session, channelId);
  const { messages } = await listMessages(ctx.db, access, { topicId: topicId ?? undefined, limit });
  return messages.filter((m) => !m.deleted && m.body.trim());
}

function transcript(messages: MessageView[]): string {
  return messages.map((m) => `#${m.seq} ${m.authorName}: ${m.body.slice(0, 2000)}`).join("\n");
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.englishName ?? "English";
}
