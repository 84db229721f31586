import { complianceAccess } from "./access.server";
import { syncItems, updateItem } from "./items.server";
import { type PageCommands, text } from "./page-action.server";
import { recordEvent, saveTrustProfile, withdrawEvent } from "./profile.server";
import { PROFILE_FIELDS, type ProfileField } from "./profile-reading";
import { eventSchema, itemPatchSchema, profileSchema } from "./validation";
import { z } from "zod";

/** Marking a duty done or open again, from any compliance page. */
export const itemCommands: PageCommands = {
  "item-done": {
    schema: itemPatchSchema,
    read: (form) => ({ status: "done", evidence: { documentId: text(form, "evidenceDocumentId"), note: text(form, "note") } }),
    run: async ({ ctx, session, value, form, t }) => {
      await updateItem(ctx, complianceAccess(session), String(form.get("target") ?? ""), value);
      return t("item.markedDone");
    },
  },
  "item-open": {
    schema: itemPatchSchema,
    read: () => ({ status: "open" }),
    run: async ({ ctx, session, value, form, t }) => {
      await updateItem(ctx, complianceAccess(session), String(form.get("target") ?? ""), value);
      return t("item.reopened");
    },
  },
};

const LIST_FIELDS: ProfileField[] = ["settlors", "trustees", "successorTrustees", "beneficiaries"];

/** A list field typed one person per line: "Name | share | conditions" (successors in order). */
function readPeople(raw: string, field: ProfileField) {
  return raw
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, index) => {
      const [name, share, conditions] = line.split("|").map((part) => part.trim());
      if (field === "successorTrustees") return { name: name ?? "", order: index + 1 };
      if (field === "beneficiaries") return { name: name ?? "", share: share || null, conditions: conditions || null };
      return { name: name ?? "" };
    });
}

export const trustAdministrationCommands: PageCommands = {
  ...itemCommands,
  "profile-field": {
    schema: profileSchema,
    read: (form) => {
      const field = String(form.get("field") ?? "") as ProfileField;
      if (!(PROFILE_FIELDS as readonly string[]).includes(field)) return { unknown: true };
      if (form.get("reset") === "1") return { [field]: null };
      const raw = String(form.get("value") ?? "");
      if (LIST_FIELDS.includes(field)) return { [field]: readPeople(raw, field) };
      if (field === "jurisdictions") return { jurisdictions: raw.split(/[\s,]+/).filter(Boolean) };
      if (field === "estateTaxReturnRequired") return { estateTaxReturnRequired: raw === "yes" ? true : raw === "no" ? false : raw === "" ? null : raw };
      return { [field]: raw.trim() === "" ? null : raw.trim() };
    },
    run: async ({ ctx, session, value, t }) => {
      await saveTrustProfile(ctx, session, complianceAccess(session), value);
      await syncItems(ctx.db, session);
      return t("profile.saved");
    },
  },
  "event-add": {
    schema: eventSchema,
    read: (form) => ({
      type: String(form.get("type") ?? ""),
      occurredOn: String(form.get("occurredOn") ?? ""),
      subject: text(form, "subject"),
      note: text(form, "note"),
    }),
    run: async ({ ctx, session, value, t }) => {
      await recordEvent(ctx, complianceAccess(session), value);
      await syncItems(ctx.db, session);
      return t("events.recorded");
    },
  },
  "event-withdraw": {
    schema: () => z.object({ id: z.string().min(1) }),
    read: (form) => ({ id: String(form.get("target") ?? "") }),
    run: async ({ ctx, session, value, t }) => {
      await withdrawEvent(ctx, complianceAccess(session), value.id);
      await syncItems(ctx.db, session);
      return t("events.withdrawn");
    },
  },
};
