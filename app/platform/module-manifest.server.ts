import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { z } from "zod";
import type { CurrentSession } from "~/modules/auth/session.server";
import type { DraftValues } from "~/modules/drafting/fields";
import type { TemplateId } from "~/modules/drafting/templates";
import type { Db } from "./db.server";
import type { DomainEventHandlers } from "./domain-events.server";
import type { RequestContext } from "./request-context.server";
import type { ExportContribution } from "./workspace-rows.server";

/**
 * The Worker-only half of a domain's manifest (app/modules/<domain>/module.server.ts): found by the
 * server registry by its file name, matched to the domain's `module.ts` by `id`.
 */
export interface ServerModuleManifest {
  id: string;
  /** Queue jobs by message type. The message is checked against `schema` before `run` sees it. */
  jobs?: Record<string, AnyJobHandler>;
  /** Work for the Worker's cron trigger; one failing never stops the others. */
  scheduled?: { name: string; run: (env: Env, now: Date) => Promise<unknown> }[];
  /** Figures for the dashboard, read in the dashboard's one round trip to D1. */
  dashboard?: AnyDashboardSource;
  /** What this domain does when another announces a fact (domain-events.server.ts). */
  on?: DomainEventHandlers;
  /** What this domain adds to a workspace's export (app/modules/exports): its tables, and files kept in R2. */
  exportData?: ExportContribution;
  /** Values for a drafting template from a record of this domain: /document-drafting?template=…&prefill={source}:{id}. */
  draftPrefill?: DraftPrefillSource[];
}

/** A domain's record that pre-fills a drafting template (a meeting's minutes from the meeting). */
export interface DraftPrefillSource {
  /** The name before the colon in `?prefill=`. */
  source: string;
  template: TemplateId;
  /** Null when there is no such record or this person may not see it (drafting then says so, naming nothing). */
  values: (ctx: RequestContext, session: CurrentSession, id: string, options: DraftPrefillOptions) => Promise<DraftPrefill | null>;
}

export interface DraftPrefillOptions {
  /** The zone the browser asked for (`?tz=`, unchecked: the domain checks it and falls back to UTC). */
  timeZone: string | null;
  /** The interface language, for `label`. */
  language: string;
}

export interface DraftPrefill {
  /** Where the values came from, a sentence in the person's language ("Pre-filled from the meeting “…”."). */
  label: string;
  values: DraftValues;
}

export interface AnyJobHandler {
  schema: z.ZodTypeAny;
  run: (env: Env, job: never, attempt: number) => Promise<void>;
}

/** Keeps a job's schema and handler typed together; the queue consumer only calls `run` with what `schema` accepted. */
export function defineJob<S extends z.ZodTypeAny>(schema: S, run: (env: Env, job: z.infer<S>, attempt: number) => Promise<void>): AnyJobHandler {
  return { schema, run };
}

/** Who is looking at the dashboard and from where: every query must stay inside this workspace and what this person may see. */
export interface DashboardScope {
  db: Db;
  session: CurrentSession;
  workspaceId: string;
  /** Owners, trustees and co-trustees see the whole workspace; others see their own part. */
  wholeWorkspace: boolean;
  now: Date;
}

export interface DashboardSource<Q extends BatchItem<"sqlite">[], F> {
  /** The name of the figures in the dashboard's data (`documents`, `members`…). */
  key: string;
  /** Queries batched with every other domain's into one D1 batch. */
  queries: (scope: DashboardScope) => [...Q];
  /** The figures from the results of `queries`, in the same order. */
  read: (results: BatchResponse<Q>, scope: DashboardScope) => F;
}

export interface AnyDashboardSource {
  key: string;
  queries: (scope: DashboardScope) => BatchItem<"sqlite">[];
  read: (results: unknown[], scope: DashboardScope) => unknown;
}

/** Keeps a dashboard source typed from its queries to its figures; the dashboard sees it untyped. */
export function defineDashboardSource<Q extends BatchItem<"sqlite">[], F>(source: DashboardSource<Q, F>): AnyDashboardSource {
  return source as unknown as AnyDashboardSource;
}

export function defineServerModule<const M extends ServerModuleManifest>(manifest: M): M {
  return manifest;
}
