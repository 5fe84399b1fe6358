import type { ExamStatus } from '@flashcards/contract';
import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../../lib/exam-texts';

const looks = {
  not_started: { color: 'gray', Icon: IconCircleDashed },
  in_progress: { color: 'blue', Icon: IconPlayerPlay },
  completed: { color: 'teal', Icon: IconCircleCheck },
  missed: { color: 'red', Icon: IconCircleX },
} as const;

/** Where an exam is, in words with an icon (never by colour alone). */
export function ExamStatusBadge({ status }: { status: ExamStatus }) {
  const { t } = useTranslation('exams');
  const { color, Icon } = looks[status];
  return (
    <Badge
      color={color}
      variant="light"
      // The colour stays in the background and the icon: coloured text on it is too light to read.
      c="var(--mantine-color-text)"
      // Whole in a narrow table cell: a cut word says nothing.
      styles={{ label: { overflow: 'visible' } }}
      leftSection={<Icon size={14} aria-hidden="true" />}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
