import type { ExamEvent } from '@flashcards/contract';
import { List, Text, ThemeIcon } from '@mantine/core';
import {
  IconClockPlus,
  IconDoorEnter,
  IconDoorExit,
  IconFlag,
  IconLockOpen,
  IconPlayerPlay,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import '../../lib/exam-texts';

const icons = {
  started: IconPlayerPlay,
  resumed: IconRefresh,
  left: IconDoorExit,
  returned: IconDoorEnter,
  completed: IconFlag,
  reopened: IconLockOpen,
  extra_time: IconClockPlus,
} as const;

/** A person as the record names them: the first name's initial and the last name ("M. Ivanova"). */
export const shortName = (person: { first_name: string; last_name: string }) =>
  [person.first_name ? `${person.first_name.charAt(0)}.` : '', person.last_name].filter(Boolean).join(' ');

/** What one recorded action says, in the reader's language. */
export function useEventText() {
  const { t } = useTranslation('exams');
  const { number } = useFormatters();
  return (event: ExamEvent) => {
    if (event.kind === 'completed' && event.actor === null) return t('events.completedByServer');
    const who = event.actor ? shortName(event.actor) : t('events.someone');
    const minutes = event.minutes ?? 0;
    return t(`events.${event.kind}`, { who, count: minutes, formatted: number(minutes) });
  };
}

/** The recorded actions on an attempt, oldest first: when, and who did what. */
export function ExamEvents({ events }: { events: ExamEvent[] }) {
  const { t } = useTranslation('exams');
  const { dateTime } = useFormatters();
  const text = useEventText();
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('events.empty')}
      </Text>
    );
  return (
    <List spacing="xs" listStyleType="none" aria-label={t('events.title')}>
      {events.map((event) => {
        const Icon = icons[event.kind];
        return (
          <List.Item
            key={event.id}
            icon={
              <ThemeIcon size={24} radius="xl" variant="light" color="gray" aria-hidden="true">
                <Icon size={14} />
              </ThemeIcon>
            }
          >
            <Text size="sm" span>
              <Text span c="dimmed" size="sm">
                <time dateTime={event.at}>{dateTime(event.at)}</time>
                {' · '}
              </Text>
              {text(event)}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
