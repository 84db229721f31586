/** Every background job the Worker's queue consumer runs (see jobs.server.ts). */
export type JobMessage =
  | { type: "mail.deliver"; outboxId: string }
  | { type: "document.analyze"; documentId: string; workspaceId: string; versionId?: string };

export interface JobsQueue {
  send(message: JobMessage): Promise<unknown>;
}
