/**
 * Where every "now" of the server comes from: days of activity, trials, token and link expiry, and the
 * time windows of throttling. Tests move a clock of their own instead of computing dates themselves.
 */
export interface Clock {
  now(): Date;
  /** Resolves once `ms` have passed on this clock (the sign-in delay of an attacked e-mail waits on it). */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A clock that stands still until it is moved; starts at the real time unless told otherwise. Its sleeps
 * end when it is moved past them; `sleeping()` tells the time each waiting one still has to go.
 */
export const createManualClock = (start = new Date()) => {
  let current = start.getTime();
  let sleepers: { until: number; wake: () => void }[] = [];
  const wakeDue = () => {
    const due = sleepers.filter((sleeper) => sleeper.until <= current);
    sleepers = sleepers.filter((sleeper) => sleeper.until > current);
    for (const sleeper of due) sleeper.wake();
  };
  return {
    now: () => new Date(current),
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        sleepers.push({ until: current + ms, wake });
        wakeDue();
      }),
    sleeping: () => sleepers.map((sleeper) => sleeper.until - current),
    set: (date: Date) => {
      current = date.getTime();
      wakeDue();
    },
    advance: (ms: number) => {
      current += ms;
      wakeDue();
    },
  };
};

export type ManualClock = ReturnType<typeof createManualClock>;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

// Making a formatter costs more than using it, and every answer needs one.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_DAY_FORMATS = 1000;
const dayFormat = (timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone });
    if (dayFormats.size < MAX_DAY_FORMATS) dayFormats.set(timeZone, format);
  }
  return format;
};

/** The calendar day (YYYY-MM-DD) in an IANA time zone (an account's); UTC if the zone is unknown. */
export const dayIn = (timeZone: string, now: Date) => {
  try {
    return dayFormat(timeZone).format(now);
  } catch {
    return dayFormat('UTC').format(now);
  }
};
