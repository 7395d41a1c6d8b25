/**
 * Counts of things that happen deep inside the server, for /metrics (metrics.ts): kept here, in the
 * process, by one increment where each happens, and read when Prometheus asks. Never reset.
 */
export const tallies = {
  /** Requests the store could not serve (StoreUnavailable, out of disk included): each one made counts. */
  storeErrors: 0,
  /** Passwords that did not match, at login or when a logged-in player's password is checked again. */
  loginsFailed: 0,
};
