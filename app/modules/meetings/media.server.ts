import type { AppConfig } from "~/platform/env.server";
import { chooseIceProvider, type IceServerProvider } from "./ice-servers.server";
import { chooseSfu, topologyFor, type MeetingTopology, type SfuProvider } from "./sfu.server";

/**
 * How a meeting's media travel, chosen by configuration like the AI and SMS adapters (issue 20, ADR 0027 and 0030):
 * the ICE servers browsers use (the configured STUN list, or Cloudflare Realtime's TURN credentials minted here) and,
 * for larger meetings, Cloudflare Realtime's SFU. The embedded default is a browser mesh with no relay; every key and
 * secret stays on the server.
 */
export interface MeetingMedia {
  ice: IceServerProvider;
  /** null: no SFU app configured, every meeting is a mesh. */
  sfu: SfuProvider | null;
  topology(expectedPeople: number): MeetingTopology;
}

export function meetingMedia(config: AppConfig, fetchImpl?: typeof fetch): MeetingMedia {
  return {
    ice: chooseIceProvider(config, fetchImpl),
    sfu: chooseSfu(config, fetchImpl),
    topology: (expectedPeople) => topologyFor(config, expectedPeople),
  };
}
