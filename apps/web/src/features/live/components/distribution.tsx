import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { choiceLetter, choiceName } from '../choice-letters';
import { ChoiceShape } from './choice-shape';
import classes from './live.module.css';

/**
 * How many players took each choice, as a column each in the choice's colour, with its shape and letter
 * under it and the right one ticked; screen readers get each column as a sentence.
 */
export function Distribution({
  choices,
  counts,
  correct,
  height,
}: {
  choices: string[];
  counts: number[];
  correct: number | null;
  height?: string;
}) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  const most = Math.max(1, ...counts);
  return (
    <ul className={classes.bars} aria-label={t('reveal.answers')} style={height ? { height } : undefined}>
      {choices.map((text, index) => {
        const count = counts[index] ?? 0;
        const right = index === correct;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the choices of a question never move
          <li key={index} className={classes.barColumn}>
            <VisuallyHidden>
              {choiceName(t, index, text)}: {t('reveal.count', { count, formatted: number(count) })}
              {right ? `, ${t('reveal.right')}` : ''}
            </VisuallyHidden>
            <Text ta="center" fw={800} fz="xl" aria-hidden="true">
              {number(count)}
            </Text>
            <div
              className={classes.bar}
              data-choice={index}
              style={{ height: `${(count / most) * 70}%` }}
              aria-hidden="true"
            />
            <Group
              className={classes.tile}
              data-choice={index}
              data-state={correct === null ? 'open' : right ? 'correct' : 'other'}
              justify="center"
              gap="xs"
              wrap="nowrap"
              style={{ minHeight: '3rem', padding: '0.25rem', fontSize: '1.25rem' }}
              aria-hidden="true"
            >
              <ChoiceShape index={index} size="1.1em" />
              <span>{choiceLetter(t, index)}</span>
              {right && <IconCheck size="1.2em" stroke={3} />}
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
