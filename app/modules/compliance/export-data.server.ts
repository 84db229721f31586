import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import {
  complianceHealthDays,
  complianceItems,
  conflictAttestations,
  ethicsFlagReviews,
  relatedParties,
  trustEvents,
  trusteeDisclosures,
  trustProfiles,
} from "./schema";

/** The trust's administration as files of its export: its profile and events, the duties and their reminders, ethics. */
export const complianceExport: ExportContribution = {
  tables: [
    exportTable("compliance/trust-profile.json", trustProfiles, trustProfiles.workspaceId),
    exportTable("compliance/trust-events.json", trustEvents, trustEvents.workspaceId),
    exportTable("compliance/duties.json", complianceItems, complianceItems.workspaceId),
    exportTable("compliance/health-days.json", complianceHealthDays, complianceHealthDays.workspaceId),
    exportTable("compliance/related-parties.json", relatedParties, relatedParties.workspaceId),
    exportTable("compliance/trustee-disclosures.json", trusteeDisclosures, trusteeDisclosures.workspaceId),
    exportTable("compliance/conflict-attestations.json", conflictAttestations, conflictAttestations.workspaceId),
    exportTable("compliance/ethics-reviews.json", ethicsFlagReviews, ethicsFlagReviews.workspaceId),
  ],
};
