/**
 * Spec section 9: how long each live event's toast stays. A plain constant, so module manifests (read by the
 * route config, which knows no "~/" alias) can import it by relative path.
 */
export const REALTIME_TOAST_MS = { vote_cast: 5000, poll_completed: 7000, vote_required: 10000, poll_created: 5000 } as const;

/** Spec section 7: the sound of a vote, at volume 0.3. */
export const NOTIFICATION_SOUND = { src: "/notification.mp3", volume: 0.3 } as const;
