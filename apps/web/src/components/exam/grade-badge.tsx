import type { Grade } from '@flashcards/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../../lib/exam-texts';

/** The colours of the grades: green for 6 down to red for 2. */
export const gradeColors: Record<Grade, string> = {
  6: 'teal',
  5: 'green',
  4: 'yellow',
  3: 'orange',
  2: 'red',
};

/** A grade of the 6..2 scale as its name and number ("Very good (5)"). */
export function GradeBadge({ grade }: { grade: Grade }) {
  const { t } = useTranslation('exams');
  return (
    <Badge
      color={gradeColors[grade]}
      variant="light"
      size="lg"
      c="var(--mantine-color-text)"
      styles={{ label: { overflow: 'visible' } }}
    >
      {t('gradeWithNumber', { name: t(`grade.${grade}`), grade })}
    </Badge>
  );
}
