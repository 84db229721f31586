/**
 * A background job on the queue. `type` names the handler a module declares in its module.server.ts
 * (`jobs`); the queue consumer checks the rest against that handler's schema before running it.
 */
export interface JobMessage {
  type: string;
  [field: string]: unknown;
}

export interface JobsQueue {
  send(message: JobMessage): Promise<unknown>;
}
