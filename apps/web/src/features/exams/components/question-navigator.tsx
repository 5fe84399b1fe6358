import { Button, Group } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../../../lib/exam-texts';

/** Buttons to every question of the exam, the answered ones marked by an icon and in words. */
export function QuestionNavigator({
  count,
  current,
  answered,
  onGo,
}: {
  count: number;
  current: number;
  answered: (index: number) => boolean;
  onGo: (index: number) => void;
}) {
  const { t } = useTranslation('exams');
  return (
    <nav aria-label={t('taking.navigator')}>
      <Group gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {Array.from({ length: count }, (_, index) => {
          const done = answered(index);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the questions' places are their identity here
            <li key={index}>
              <Button
                size="compact-sm"
                miw={44}
                variant={index === current ? 'filled' : done ? 'light' : 'default'}
                aria-current={index === current ? 'step' : undefined}
                aria-label={t(done ? 'taking.goToAnswered' : 'taking.goTo', { number: index + 1 })}
                rightSection={done ? <IconCheck size={12} aria-hidden="true" /> : undefined}
                onClick={() => onGo(index)}
              >
                {index + 1}
              </Button>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
