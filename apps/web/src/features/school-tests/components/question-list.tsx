import type { SchoolTestDetail, TestQuestion } from '@flashcards/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCheck, IconEdit, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { correctAnswerText, ruleOf } from '../../../components/exam/question-kinds';
import { QuestionPicture } from '../../../components/exam/question-picture';
import { RichText } from '../../../components/rich-text/rich-text';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { useDeleteQuestion, useOrderQuestions, useUpdateQuestion } from '../api/tests';
import { answerKeys, draftOfQuestion, QuestionForm } from './question-form';
import { QuestionPictureField } from './question-picture-field';

/** The ids in a new order: the question moved one place up (-1) or down (+1). */
export const movedOrder = (ids: number[], id: number, step: -1 | 1): number[] => {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to] as number, next[from] as number];
  return next;
};

const answerText = (question: TestQuestion, key: (typeof answerKeys)[number]) =>
  key === 'a'
    ? question.answer_a
    : key === 'b'
      ? question.answer_b
      : key === 'c'
        ? question.answer_c
        : question.answer_d;

/**
 * A test's questions in order: each with its answers (the correct one marked), its points, and buttons to
 * move it up or down, edit it in place, or delete it. A locked test shows them without the buttons.
 */
export function QuestionList({ test, locked }: { test: SchoolTestDetail; locked: boolean }) {
  const { t } = useTranslation('tests');
  const { t: te } = useTranslation('exams');
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const order = useOrderQuestions();
  const update = useUpdateQuestion();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TestQuestion | null>(null);
  const [moved, setMoved] = useState<{ id: number; step: -1 | 1 } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const ids = test.questions.map((question) => question.id);

  // After a move, focus follows the moved question's button (or the other one at the ends of the list).
  useEffect(() => {
    if (!moved || order.isPending) return;
    const first = document.getElementById(`move-${moved.step < 0 ? 'up' : 'down'}-${moved.id}`);
    const other = document.getElementById(`move-${moved.step < 0 ? 'down' : 'up'}-${moved.id}`);
    const target = first && !first.hasAttribute('disabled') ? first : other;
    target?.focus();
  }, [moved, order.isPending]);

  const move = (question: TestQuestion, step: -1 | 1) => {
    const next = movedOrder(ids, question.id, step);
    if (next === ids) return;
    order.mutate(
      { id: test.id, questions: next },
      {
        onSuccess: () => {
          setMoved({ id: question.id, step });
          setAnnouncement(
            t('questions.movedTo', { position: next.indexOf(question.id) + 1, count: next.length }),
          );
        },
      },
    );
  };

  if (test.questions.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('questions.none')}
      </Text>
    );

  return (
    <Stack gap="sm">
      <Text aria-live="polite" size="xs" c="dimmed" role="status">
        {announcement}
      </Text>
      {order.isError && (
        <Text c="red" size="sm" role="alert">
          {errorMessage(order.error)}
        </Text>
      )}
      <Stack
        gap="sm"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('questions.listLabel')}
      >
        {test.questions.map((question, index) =>
          editing === question.id ? (
            <li key={question.id}>
              <QuestionForm
                initial={draftOfQuestion(question)}
                title={t('questions.editTitle', { position: index + 1 })}
                submitLabel={t('questions.save')}
                saving={update.isPending}
                serverErrors={fieldErrorsOf(update.error)}
                formError={update.isError ? errorMessage(update.error) : null}
                picture={<QuestionPictureField question={question} />}
                onCancel={() => {
                  update.reset();
                  setEditing(null);
                }}
                onSubmit={(body) =>
                  update.mutate({ id: question.id, body }, { onSuccess: () => setEditing(null) })
                }
              />
            </li>
          ) : (
            <Paper key={question.id} component="li" withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs">
                    <Badge variant="light" color="gray">
                      {t('questions.number', { position: index + 1 })}
                    </Badge>
                    {question.kind !== 'single' && (
                      <Badge variant="light" color="grape">
                        {te(`kinds.name.${question.kind}`)}
                      </Badge>
                    )}
                    <Badge variant="light">
                      {t('questions.points', {
                        count: question.score_value,
                        formatted: number(question.score_value),
                      })}
                    </Badge>
                  </Group>
                  <QuestionPicture question={question} thumbnail />
                  <Text component="div" fw={600} style={{ whiteSpace: 'pre-wrap' }}>
                    <RichText text={question.question_text} />
                  </Text>
                  <List spacing={2} size="sm" listStyleType="none">
                    {answerKeys.map((key) => {
                      const text = answerText(question, key);
                      if (!text) return null;
                      const correct =
                        question.correct_answer === key ||
                        (question.settings?.kind === 'multiple' && question.settings.correct.includes(key));
                      return (
                        <List.Item
                          key={key}
                          icon={
                            correct ? (
                              <ThemeIcon color="teal" size={18} radius="xl">
                                <IconCheck size={12} aria-hidden="true" />
                              </ThemeIcon>
                            ) : undefined
                          }
                          fw={correct ? 600 : undefined}
                        >
                          {t(`letters.${key}`)}. <RichText text={text} />
                          {correct && ` (${t('questions.correct')})`}
                        </List.Item>
                      );
                    })}
                  </List>
                  {question.kind !== 'single' && question.kind !== 'multiple' && (
                    <Text size="sm">
                      {te('kinds.rightAnswer', { answer: correctAnswerText(question, te) })}
                    </Text>
                  )}
                  {ruleOf(question.kind, te) && (
                    <Text size="xs" c="dimmed">
                      {ruleOf(question.kind, te)}
                    </Text>
                  )}
                </Stack>
                {!locked && (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('questions.moveUp')}>
                      <ActionIcon
                        id={`move-up-${question.id}`}
                        variant="subtle"
                        color="gray"
                        disabled={index === 0 || order.isPending}
                        aria-label={t('questions.moveUpOne', { position: index + 1 })}
                        onClick={() => move(question, -1)}
                      >
                        <IconArrowUp size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('questions.moveDown')}>
                      <ActionIcon
                        id={`move-down-${question.id}`}
                        variant="subtle"
                        color="gray"
                        disabled={index === test.questions.length - 1 || order.isPending}
                        aria-label={t('questions.moveDownOne', { position: index + 1 })}
                        onClick={() => move(question, 1)}
                      >
                        <IconArrowDown size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconEdit size={14} aria-hidden="true" />}
                      aria-label={t('questions.editOne', { position: index + 1 })}
                      onClick={() => {
                        update.reset();
                        setEditing(question.id);
                      }}
                    >
                      {t('actions.edit')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden="true" />}
                      aria-label={t('questions.deleteOne', { position: index + 1 })}
                      onClick={() => {
                        remove.reset();
                        setDeleting(question);
                      }}
                    >
                      {t('actions.delete')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          ),
        )}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        title={t('questions.deleteTitle')}
        confirmLabel={t('questions.deleteConfirm')}
        closeLabel={t('actions.close')}
        danger
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
      >
        {deleting ? t('questions.deleteText', { text: deleting.question_text }) : ''}
      </ConfirmModal>
    </Stack>
  );
}
