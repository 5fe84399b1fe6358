import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Difference, markDifferences } from './answer-check';
import classes from './answer-differences.module.css';

function Runs({ runs }: { runs: Difference[] }) {
  return runs.map((run, index) =>
    run.kind === 'same' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one answer, never reordered
      <span key={index}>{run.text}</span>
    ) : run.kind === 'extra' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one answer, never reordered
      <del key={index} className={classes.extra}>
        {run.text}
      </del>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one answer, never reordered
      <ins key={index} className={classes.missing}>
        {run.text}
      </ins>
    ),
  );
}

/**
 * The typed answer above the right one, letter by letter: typed letters that do not belong struck through,
 * the right answer's letters that were left out underlined. Screen readers hear both answers whole.
 */
export function AnswerDifferences({ typed, expected }: { typed: string; expected: string }) {
  const { t } = useTranslation('practice');
  const runs = markDifferences(typed, expected);
  return (
    <dl className={classes.answers}>
      <dt>{t('typing.yourAnswer')}</dt>
      <dd>
        <Text span aria-hidden="true" className={classes.letters}>
          <Runs runs={runs.typed} />
        </Text>
        <span className={classes.spoken}>{typed.trim()}</span>
      </dd>
      <dt>{t('typing.theRightAnswer')}</dt>
      <dd>
        <Text span aria-hidden="true" className={classes.letters} data-testid="right-answer">
          <Runs runs={runs.expected} />
        </Text>
        <span className={classes.spoken}>{expected.trim()}</span>
      </dd>
    </dl>
  );
}
