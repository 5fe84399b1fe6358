/**
 * The exam's countdown follows the server's clock: the difference between the server's time in a
 * response and this device's clock when the response arrived is added to every reading of the local clock.
 */

/** Milliseconds to add to `Date.now()` to read the server's clock. */
export const clockOffset = (serverTime: string, receivedAt: number): number => {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
};

/** Milliseconds left until `endsAt` on the server's clock, never below zero. */
export const timeLeft = (endsAt: string, offset: number, now: number): number =>
  Math.max(0, Date.parse(endsAt) - (now + offset));

/** A time left as the clock shows it: `m:ss`, or `h:mm:ss` from an hour (whole seconds, rounded up). */
export const clockText = (ms: number): string => {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
};

/** The minutes left that are announced to screen readers, once each. */
export const ANNOUNCED_MINUTES = [5, 1] as const;
export type AnnouncedMinutes = (typeof ANNOUNCED_MINUTES)[number];

/**
 * The announcement due between two readings of the time left: 5 or 1 when the countdown has just gone
 * down to that many minutes (the smaller one when a reading jumps past both), else null. A countdown that
 * starts below a mark never announces it.
 */
export const announcementBetween = (previousMs: number, currentMs: number): AnnouncedMinutes | null => {
  let due: AnnouncedMinutes | null = null;
  for (const minutes of ANNOUNCED_MINUTES) {
    const mark = minutes * 60_000;
    if (previousMs > mark && currentMs <= mark) due = minutes;
  }
  return due;
};
