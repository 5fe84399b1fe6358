import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';

/**
 * The server's time now, moving every second: the home's `now` plus what passed on this device since it
 * came, so a device whose clock is off still opens the start at the start.
 */
export function useServerNow(serverNow: string, receivedAt: number): number {
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Date.parse(serverNow) + (local - receivedAt);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** What is left until `at`: "2 days 03:04:05", or "03:04:05" within the day. */
export function Countdown({ at, now }: { at: string; now: number }) {
  const { t } = useTranslation('dashboard');
  const { duration, dateTime } = useFormatters();
  const left = Math.max(0, Math.floor((Date.parse(at) - now) / 1000));
  const days = Math.floor(left / 86_400);
  const clock = [Math.floor((left % 86_400) / 3600), Math.floor((left % 3600) / 60), left % 60]
    .map(twoDigits)
    .join(':');
  return (
    // A timer is not announced as it ticks; the moment it counts to is read out instead.
    <Text size="sm" role="timer" aria-label={t('student.opensAt', { time: dateTime(at) })}>
      {t('student.opensIn', { time: days > 0 ? `${duration(days, 'day')} ${clock}` : clock })}
    </Text>
  );
}
