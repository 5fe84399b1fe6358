import type { AnswerKey, Grade, SchoolTestDetail } from '@flashcards/contract';
import { Anchor, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { PrintSheet } from '../../../components/exam/print-sheet';
import { QueryState } from '../../../components/ui/query-state';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useTest } from '../api/tests';
import '../test-texts';
import '../../../lib/results-texts';
import { correctAnswerText } from '../../../components/exam/question-kinds';
import { QuestionPicture } from '../../../components/exam/question-picture';
import { RichText, RichTextIn } from '../../../components/rich-text/rich-text';

const LETTERS: readonly AnswerKey[] = ['a', 'b', 'c', 'd'];

/** The grades of a test from 6 down to 3, each with its minimum score. */
const gradeMinimums = (test: SchoolTestDetail): { grade: Grade; score: number }[] => [
  { grade: 6, score: test.excellent_score_value },
  { grade: 5, score: test.very_good_score_value },
  { grade: 4, score: test.good_score_value },
  { grade: 3, score: test.satisfy_score_value },
];

/**
 * /school-test/print/:schoolTestId: a test of mine as a paper to hand out (fields for the name, class and
 * date; each question with its lettered answers and points) and its answer key, which prints on a page
 * of its own.
 */
export function TestPaperPage() {
  const { t } = useTranslation(['results', 'exams']);
  const { t: te } = useTranslation('exams');
  const { number } = useFormatters();
  const { schoolTestId } = useParams();
  const id = Number(schoolTestId);
  const test = useTest(Number.isInteger(id) && id > 0 ? id : null);
  const back = generatePath(paths.schoolTestEdit, { schoolTestId: String(schoolTestId) });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={back} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            {t('paper.back')}
          </Group>
        </Anchor>
        <Button
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={() => window.print()}
          disabled={!test.data}
        >
          {t('paper.printButton')}
        </Button>
      </Group>
      <QueryState
        query={test}
        loading={<Skeleton h={320} radius="md" aria-label={t('paper.loading')} />}
        error={() => <Title order={1}>{t('paper.notFound')}</Title>}
      >
        {(data) => (
          <PrintSheet label={t('paper.title')}>
            <h1>{data.name}</h1>
            {data.description && <p>{data.description}</p>}
            <div className="exam-paper-fields">
              <span>{t('paper.name')} ______________________________</span>
              <span>{t('paper.class')} ________</span>
              <span>{t('paper.date')} ____________</span>
            </div>
            <p>
              {t('paper.total', {
                count: data.questions.length,
                formatted: number(data.questions.length),
                points: number(data.total_score),
              })}{' '}
              {t('paper.instructions')}
            </p>
            <ol className="exam-paper-questions">
              {data.questions.map((question) => (
                <li key={question.id}>
                  <div style={{ whiteSpace: 'pre-wrap' }}>
                    <RichText text={question.question_text} /> (
                    {t('paper.points', {
                      count: question.score_value,
                      formatted: number(question.score_value),
                    })}
                    )
                  </div>
                  {/* On paper the question's number leads, so its picture follows the line it numbers. */}
                  <QuestionPicture question={question} />
                  <ol className="exam-paper-answers">
                    {question.answers.map((answer, index) => (
                      <li key={LETTERS[index]}>
                        <RichTextIn
                          line={(text) =>
                            t('exams:review.answer', { key: t(`exams:letters.${LETTERS[index]!}`), text })
                          }
                          text={answer}
                        />
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
            <section className="exam-paper-key">
              <h2>
                {t('paper.key')}: {data.name}
              </h2>
              <table>
                <caption>{t('paper.keyCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('paper.keyQuestion')}</th>
                    <th scope="col">{t('paper.keyAnswer')}</th>
                    <th scope="col" className="exam-sheet-numeric">
                      {t('paper.keyPoints')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.questions.map((question, index) => (
                    <tr key={question.id}>
                      <th scope="row">{number(index + 1)}</th>
                      <td>{correctAnswerText(question, te)}</td>
                      <td className="exam-sheet-numeric">{number(question.score_value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <h2>{t('paper.grades')}</h2>
              <ul>
                {gradeMinimums(data).map(({ grade, score }) => (
                  <li key={grade}>
                    {t('paper.gradeFrom', {
                      grade: t('exams:gradeWithNumber', { name: t(`exams:grade.${grade}`), grade }),
                      score: number(score),
                    })}
                  </li>
                ))}
              </ul>
            </section>
          </PrintSheet>
        )}
      </QueryState>
    </Stack>
  );
}
