import type { ExamAnalysis } from '@flashcards/contract';
import { Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionPicture } from '../../../components/exam/question-picture';
import { useFormatters } from '../../../lib/format';
import '../../../lib/exam-texts';
import '../../../lib/results-texts';
import { RichText } from '../../../components/rich-text/rich-text';

/** Questions shown before "show all": the hardest ones. */
export const ANALYSIS_SHOWN = 10;

/** The colour of a share answered right: red below half, yellow below three quarters, else teal. */
export const shareColor = (share: number) => (share < 0.5 ? 'red' : share < 0.75 ? 'yellow' : 'teal');

/**
 * The item analysis beside the grade chart: each question, hardest first, with its share answered right
 * as a bar and in words, and how often each answer was chosen (the right one marked by icon and word).
 * It is a table, so a screen reader reads the same numbers as the bars show.
 */
export function ItemAnalysis({ analysis }: { analysis: ExamAnalysis }) {
  const { t, i18n } = useTranslation(['results', 'exams']);
  const { number } = useFormatters();
  const [all, setAll] = useState(false);
  const percent = useMemo(
    () => new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 0 }),
    [i18n.resolvedLanguage],
  );
  const tests = new Set(analysis.questions.map((question) => question.test.id));
  const shown = all ? analysis.questions : analysis.questions.slice(0, ANALYSIS_SHOWN);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="item-analysis-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="item-analysis-title">
          {t('analysis.title')}
        </Title>
        {analysis.questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('analysis.none')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('analysis.intro', { count: analysis.exams_count, formatted: number(analysis.exams_count) })}
            </Text>
            <Table verticalSpacing="xs" striped>
              <Table.Caption>{t('analysis.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('analysis.question')}</Table.Th>
                  <Table.Th scope="col">{t('analysis.correctShare')}</Table.Th>
                  <Table.Th scope="col">{t('analysis.choices')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('analysis.unanswered')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((question) => (
                  <Table.Tr key={question.id}>
                    <Table.Th scope="row" fw={400}>
                      <Text size="sm" fw={600}>
                        {tests.size > 1
                          ? t('analysis.ofTest', { test: question.test.name, number: question.position })
                          : t('analysis.questionNumber', { number: question.position })}
                      </Text>
                      <QuestionPicture question={question} thumbnail />
                      <Text component="div" size="xs" c="dimmed" lineClamp={2}>
                        <RichText text={question.question_text} />
                      </Text>
                    </Table.Th>
                    <Table.Td miw={120}>
                      {question.correct_share === null ? (
                        t('analysis.noShare')
                      ) : (
                        <Stack gap={4}>
                          <Text size="sm">
                            {t('analysis.shareValue', {
                              percent: percent.format(question.correct_share),
                              correct: number(question.correct),
                              taken: number(question.taken),
                            })}
                          </Text>
                          <Progress
                            value={question.correct_share * 100}
                            color={shareColor(question.correct_share)}
                            size="sm"
                            aria-hidden="true"
                          />
                        </Stack>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="wrap">
                        {question.answers.map((answer) => {
                          const correct =
                            answer.key === question.correct_answer ||
                            question.correct_answers.includes(answer.key);
                          const values = {
                            key: t(`exams:letters.${answer.key}`),
                            count: number(answer.count),
                          };
                          return (
                            <Group key={answer.key} gap={2} wrap="nowrap" title={answer.text}>
                              {correct && <IconCheck size={14} aria-hidden="true" />}
                              <Text size="sm" fw={correct ? 700 : undefined}>
                                {t(correct ? 'analysis.correctChoice' : 'analysis.choice', values)}
                              </Text>
                            </Group>
                          );
                        })}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="end">{number(question.unanswered)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {analysis.questions.length > ANALYSIS_SHOWN && (
              <Group>
                <Button variant="subtle" size="compact-sm" onClick={() => setAll((value) => !value)}>
                  {all
                    ? t('analysis.showFewer', { count: ANALYSIS_SHOWN })
                    : t('analysis.showAll', {
                        count: analysis.questions.length,
                        formatted: number(analysis.questions.length),
                      })}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
