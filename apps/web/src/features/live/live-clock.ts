/**
 * A question's countdown runs on the server's clock: each state carries the server's `now`, and the
 * difference between it and this device's clock when the state arrived is added to every local reading.
 */

/** Milliseconds to add to `Date.now()` to read the server's clock. */
export const serverOffset = (serverNow: string, receivedAt: number): number => {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : server - receivedAt;
};

/** Milliseconds left until `closesAt` on the server's clock, never below zero. */
export const msLeft = (closesAt: string, offset: number, now: number): number => {
  const closes = Date.parse(closesAt);
  return Number.isNaN(closes) ? 0 : Math.max(0, closes - (now + offset));
};

/** The whole seconds a countdown shows: 1 until the very end, so it reads 0 only once time is up. */
export const secondsShown = (ms: number): number => Math.ceil(ms / 1000);

/** The seconds announced to screen readers, once each, as a question runs out. */
export const ANNOUNCED_SECONDS = 5;

/** Whether the countdown has just gone down to the announced seconds between two readings. */
export const announceBetween = (previousMs: number, currentMs: number): boolean =>
  previousMs > ANNOUNCED_SECONDS * 1000 && currentMs <= ANNOUNCED_SECONDS * 1000 && currentMs > 0;
