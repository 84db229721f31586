import { z } from "zod";
import { complianceAccess } from "./access.server";
import { addRelatedParty, attest, removeRelatedParty, saveDisclosure } from "./ethics.server";
import { reopenFlag, resolveFlag } from "./ethics-flags.server";
import { attestationSchema, disclosureSchema, flagReviewSchema, relatedPartySchema } from "./ethics-validation";
import { itemCommands } from "./page-commands.server";
import { type PageCommands, text } from "./page-action.server";

/** "A, B; C" → ["A", "B", "C"]: the forms take lists as one line. */
const list = (form: FormData, name: string) =>
  String(form.get(name) ?? "")
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The forms of /ethical-compliance, checked by the JSON API's schemas. */
export const ethicsCommands: PageCommands = {
  ...itemCommands,
  "party-add": {
    schema: relatedPartySchema,
    read: (form) => {
      const kind = text(form, "basisKind");
      return {
        trusteeUserId: String(form.get("trusteeUserId") ?? ""),
        name: String(form.get("name") ?? ""),
        relation: String(form.get("relation") ?? ""),
        aliases: list(form, "aliases"),
        accountLastFour: text(form, "accountLastFour"),
        basis: kind ? { kind, documentId: text(form, "basisDocumentId"), note: text(form, "basisNote") } : null,
      };
    },
    run: async ({ ctx, session, value, t }) => {
      await addRelatedParty(ctx, complianceAccess(session), value);
      return t("ethics.register.added");
    },
  },
  "party-remove": {
    schema: () => z.object({ id: z.string().min(1) }),
    read: (form) => ({ id: String(form.get("target") ?? "") }),
    run: async ({ ctx, session, value, t }) => {
      await removeRelatedParty(ctx, complianceAccess(session), value.id);
      return t("ethics.register.removed");
    },
  },
  "disclosure-save": {
    schema: disclosureSchema,
    read: (form) => ({ aliases: list(form, "aliases"), ownAccountLastFours: list(form, "ownAccountLastFours") }),
    run: async ({ ctx, session, value, form, t }) => {
      await saveDisclosure(ctx, complianceAccess(session), String(form.get("target") ?? ""), value);
      return t("ethics.register.disclosureSaved");
    },
  },
  attest: {
    schema: attestationSchema,
    read: (form) => ({ confirm: form.get("confirm") === "on", note: text(form, "note") }),
    run: async ({ ctx, session, value, t }) => {
      await attest(ctx, complianceAccess(session), t("ethics.attest.statement", { name: session.user.name }), value.note ?? null);
      return t("ethics.attest.done");
    },
  },
  "flag-resolve": {
    schema: flagReviewSchema,
    read: (form) => ({
      resolution: String(form.get("resolution") ?? ""),
      reason: String(form.get("reason") ?? ""),
      evidenceDocumentId: text(form, "evidenceDocumentId"),
    }),
    run: async ({ ctx, session, value, form, t }) => {
      await resolveFlag(ctx, session, complianceAccess(session), String(form.get("target") ?? ""), value);
      return t("ethics.flagsPanel.resolved");
    },
  },
  "flag-reopen": {
    schema: () => z.object({}),
    read: () => ({}),
    run: async ({ ctx, session, form, t }) => {
      await reopenFlag(ctx, session, complianceAccess(session), String(form.get("target") ?? ""));
      return t("ethics.flagsPanel.reopened");
    },
  },
};
