import { Group, RingProgress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { ANNOUNCED_SECONDS, announceBetween, msLeft, secondsShown } from '../live-clock';

/**
 * The open question's countdown on the server's clock: the seconds left and a ring emptying. It is seen,
 * not heard, every second; screen readers are told once when five seconds are left.
 */
export function Countdown({
  closesAt,
  offset,
  seconds,
  size = 120,
  announce,
}: {
  closesAt: string;
  offset: number;
  /** The question's whole time, for the ring. */
  seconds: number;
  size?: number;
  announce: (text: string) => void;
}) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  const [left, setLeft] = useState(() => msLeft(closesAt, offset, Date.now()));
  const previous = useRef(left);
  const said = useRef({ announce, t });
  useEffect(() => {
    said.current = { announce, t };
  });

  useEffect(() => {
    const tick = () => {
      const now = msLeft(closesAt, offset, Date.now());
      if (announceBetween(previous.current, now))
        said.current.announce(said.current.t('countdown.secondsLeft', { count: ANNOUNCED_SECONDS }));
      previous.current = now;
      setLeft(now);
    };
    tick();
    // A quarter of a second: the number changes close to the true second without a busy loop.
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [closesAt, offset]);

  const shown = secondsShown(left);
  const share = seconds > 0 ? Math.min(100, (left / (seconds * 1000)) * 100) : 0;
  const low = shown <= ANNOUNCED_SECONDS;
  return (
    <Group gap="sm" wrap="nowrap" justify="center">
      <RingProgress
        size={size}
        thickness={Math.max(8, size / 10)}
        roundCaps
        sections={[{ value: share, color: low ? 'red.9' : 'blue.8' }]}
        label={
          <Stack gap={0} align="center">
            <Text
              role="timer"
              aria-label={t('countdown.secondsLeft', { count: shown })}
              fw={800}
              fz={size / 3}
              lh={1}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {number(shown)}
            </Text>
          </Stack>
        }
      />
    </Group>
  );
}
