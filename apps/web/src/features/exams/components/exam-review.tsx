import type { ExamDetail } from '@flashcards/contract';
import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import '../../../lib/exam-texts';
import '../../../lib/results-texts';
import { correctAnswerText, responseText, ruleOf } from '../../../components/exam/question-kinds';
import { QuestionPicture } from '../../../components/exam/question-picture';
import { RichText, RichTextIn } from '../../../components/rich-text/rich-text';
import { isRelettered } from '../answer-letters';

type Question = ExamDetail['questions'][number];

/** How one question went, in words with an icon: right, wrong or not answered, and its points. */
function QuestionResult({ question }: { question: Question }) {
  const { t } = useTranslation('exams');
  const { number } = useFormatters();
  const outcome =
    question.student_answer === null && question.student_response === null
      ? 'unanswered'
      : question.is_correct
        ? 'right'
        : question.points > 0
          ? 'partial'
          : 'wrong';
  const look = {
    right: { color: 'teal', Icon: IconCheck },
    wrong: { color: 'red', Icon: IconX },
    partial: { color: 'yellow', Icon: IconCheck },
    unanswered: { color: 'gray', Icon: IconMinus },
  }[outcome];
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon color={look.color} variant="light" size="sm" radius="xl" aria-hidden="true">
        <look.Icon size={14} />
      </ThemeIcon>
      <Text size="sm" fw={600}>
        {t(`review.outcome.${outcome}`, {
          count: question.score_value,
          score: number(question.points),
          total: number(question.score_value),
        })}
      </Text>
    </Group>
  );
}

/**
 * Every question of a completed exam with all its answers (lettered as the student saw them, with the
 * letter in the test beside an answer a shuffled exam moved), the student's answer and the correct one
 * marked by icon and words (not by colour alone), and the points each question gave.
 */
export function ExamReview({ exam, viewer }: { exam: ExamDetail; viewer: 'student' | 'teacher' }) {
  const { t } = useTranslation(['exams', 'results']);
  const { t: te } = useTranslation('exams');
  return (
    <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {exam.questions.map((question, index) => (
        <Paper key={question.id} component="li" withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Title order={3} size="h5">
                {t('review.question', { number: index + 1 })}
              </Title>
              <QuestionResult question={question} />
            </Group>
            <QuestionPicture question={question} />
            <Text component="div" style={{ whiteSpace: 'pre-wrap' }}>
              <RichText text={question.question_text} />
            </Text>
            {question.kind !== 'single' && question.kind !== 'multiple' && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {te(viewer === 'student' ? 'kinds.yourAnswer' : 'kinds.studentAnswer', {
                    answer: responseText(question, te) ?? te('kinds.noAnswer'),
                  })}
                </Text>
                <Text size="sm">{te('kinds.rightAnswer', { answer: correctAnswerText(question, te) })}</Text>
              </Stack>
            )}
            {ruleOf(question.kind, te) && (
              <Text size="xs" c="dimmed">
                {ruleOf(question.kind, te)}
              </Text>
            )}
            <List spacing="xs" listStyleType="none" p={0} m={0}>
              {question.answers.map((answer) => {
                const several = question.settings?.kind === 'multiple' ? question.settings.correct : null;
                const picked: unknown[] = Array.isArray(question.student_response)
                  ? question.student_response
                  : [];
                const correct = several
                  ? several.includes(answer.key)
                  : answer.key === question.correct_answer;
                const chosen = several ? picked.includes(answer.key) : answer.key === question.student_answer;
                return (
                  <List.Item key={answer.key}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <ThemeIcon
                        size="sm"
                        radius="xl"
                        variant={correct ? 'filled' : 'light'}
                        color={correct ? 'teal' : chosen ? 'red' : 'gray'}
                        aria-hidden="true"
                      >
                        {correct ? <IconCheck size={14} /> : chosen ? <IconX size={14} /> : null}
                      </ThemeIcon>
                      <Text size="sm" fw={correct || chosen ? 600 : undefined}>
                        <RichTextIn
                          line={(text) => t('review.answer', { key: t(`letters.${answer.shown_key}`), text })}
                          text={answer.text}
                        />
                      </Text>
                      {isRelettered(answer) && (
                        <Text size="sm" c="dimmed">
                          {t('results:review.letterInTest', { key: t(`letters.${answer.key}`) })}
                        </Text>
                      )}
                      {correct && (
                        <Badge color="teal" variant="light" size="sm" c="var(--mantine-color-text)">
                          {t('review.correctAnswer')}
                        </Badge>
                      )}
                      {chosen && (
                        <Badge
                          color={correct ? 'teal' : 'red'}
                          variant="outline"
                          size="sm"
                          c="var(--mantine-color-text)"
                        >
                          {t(viewer === 'student' ? 'review.yourAnswer' : 'review.studentAnswer')}
                        </Badge>
                      )}
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
