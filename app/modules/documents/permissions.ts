import type { Role } from "~/modules/workspaces/schema";

/** Viewers read; every other member may add documents to the family's workspace. */
export function canUploadDocuments(role: Role | null | undefined): boolean {
  return role != null && role !== "viewer";
}
