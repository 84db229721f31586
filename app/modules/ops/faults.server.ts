import type { Service } from "./schema";

/**
 * Development only (DEV_TOOLS=on, never in production): the worker tests make a dependency fail in turn by naming it
 * here, and its probe then fails as that dependency would. Kept in the isolate's memory, since a fault of D1 cannot
 * be stored in D1; `wrangler dev` runs one isolate.
 */
const faults = new Map<Service, string>();

export function setFaults(services: readonly Service[]): void {
  faults.clear();
  for (const service of services) faults.set(service, `${service} made to fail (development fault switch)`);
}

export function faultFor(service: Service): string | undefined {
  return faults.get(service);
}
