import { Group, Paper, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementBetween, clockText, timeLeft } from '../exam-clock';
import '../../../lib/exam-texts';

/**
 * The countdown to the exam's end on the server's clock. It is seen, not heard, every second: screen
 * readers are told once at 5 and once at 1 minute left. At zero it calls `onTimeUp` once.
 */
export function ExamTimer({
  endsAt,
  offset,
  onTimeUp,
  announce,
}: {
  endsAt: string;
  offset: number;
  onTimeUp: () => void;
  announce: (text: string) => void;
}) {
  const { t } = useTranslation('exams');
  const [left, setLeft] = useState(() => timeLeft(endsAt, offset, Date.now()));
  const previous = useRef(left);
  const ended = useRef(false);
  const callbacks = useRef({ onTimeUp, announce, t });
  useEffect(() => {
    callbacks.current = { onTimeUp, announce, t };
  });

  useEffect(() => {
    const tick = () => {
      const now = timeLeft(endsAt, offset, Date.now());
      const due = announcementBetween(previous.current, now);
      previous.current = now;
      setLeft(now);
      if (due !== null) callbacks.current.announce(callbacks.current.t('taking.minutesLeft', { count: due }));
      if (now <= 0 && !ended.current) {
        ended.current = true;
        callbacks.current.onTimeUp();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt, offset]);

  const low = left <= 5 * 60_000;
  return (
    <Paper withBorder radius="md" px="md" py={6}>
      <Group gap="xs" wrap="nowrap">
        <IconClock size={18} aria-hidden="true" />
        <Text size="sm" id="exam-time-left">
          {t('taking.timeLeft')}
        </Text>
        <Text
          role="timer"
          aria-labelledby="exam-time-left"
          fw={700}
          ff="monospace"
          fz="lg"
          c={low ? 'red.8' : undefined}
        >
          {clockText(left)}
        </Text>
      </Group>
    </Paper>
  );
}
