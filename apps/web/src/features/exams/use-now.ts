import { useEffect, useState } from 'react';
import { clockOffset } from './exam-clock';

/** This device's clock, read again every `everyMs`: lists change their actions as windows open and close. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The server's clock, read again every `everyMs`: `serverNow` is the `now` of a response and `receivedAt`
 * this device's time when it arrived, so a device whose clock is off still opens the start at the start.
 */
export function useServerNow(serverNow: string | undefined, receivedAt: number, everyMs = 1_000): number {
  const local = useNow(everyMs);
  return local + (serverNow ? clockOffset(serverNow, receivedAt) : 0);
}
