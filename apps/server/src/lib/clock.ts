/**
 * Where every "now" of the server comes from: days of activity, trials, token and link expiry, and the
 * time windows of throttling. Tests move a clock of their own instead of computing dates themselves.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until it is moved; starts at the real time unless told otherwise. */
export const createManualClock = (start = new Date()) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date) => {
      current = date.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
};

export type ManualClock = ReturnType<typeof createManualClock>;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
