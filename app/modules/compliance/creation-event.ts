/**
 * The trust's creation as the rules see it: a recorded "trust created" event, or else the trust's date on its
 * profile (as read from the instrument, or as a person corrected it), marked as coming from the profile so the
 * pages can say why a rule that counts from creation applies. Pure.
 */

/** The id the profile's date goes by as an event: the items it starts keep their keys while the date stands. */
export const PROFILE_CREATION_EVENT_ID = "profile:date";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ProfileCreationEvent {
  id: typeof PROFILE_CREATION_EVENT_ID;
  type: "trust_created";
  occurredOn: string;
  subject: null;
  note: null;
  documentId: null;
  fromProfile: true;
}

function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The recorded events, plus the profile's date as the creation event when none is recorded. A recorded event
 * always wins; a date that is not a real day, or is after today, starts nothing.
 */
export function withProfileCreation<E extends { type: string }>(events: E[], profileDate: string | null, today: string): (E | ProfileCreationEvent)[] {
  if (events.some((event) => event.type === "trust_created")) return events;
  if (!profileDate || !isRealDay(profileDate) || profileDate > today) return events;
  const fromProfile: ProfileCreationEvent = {
    id: PROFILE_CREATION_EVENT_ID,
    type: "trust_created",
    occurredOn: profileDate,
    subject: null,
    note: null,
    documentId: null,
    fromProfile: true,
  };
  return [...events, fromProfile];
}
