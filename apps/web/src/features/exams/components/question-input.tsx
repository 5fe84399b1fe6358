import type { AnswerKey, ExamTaking } from '@flashcards/contract';
import {
  ActionIcon,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../../../lib/exam-texts';
import { RichText, RichTextIn } from '../../../components/rich-text/rich-text';
import type { GivenAnswer } from '../answer-queue';

type Question = ExamTaking['questions'][number];

/** A question's text, formatted; `labelled` gives it the id its group of answers is named by. */
function QuestionText({ question, labelled = false }: { question: Question; labelled?: boolean }) {
  return (
    <Text
      component="div"
      size="lg"
      id={labelled ? `question-text-${question.id}` : undefined}
      style={{ whiteSpace: 'pre-wrap' }}
    >
      <RichText text={question.question_text} />
    </Text>
  );
}

const labelStyles = { label: { fontSize: 'var(--mantine-font-size-lg)', whiteSpace: 'pre-wrap' as const } };

/**
 * The answer to one question while taking an exam, by its kind: a radio group (one correct answer, true
 * or false), a checkbox group (several), a text field, a select per left item (matching), or the items
 * with buttons to move each up or down (ordering). Each is a labelled group a screen reader announces.
 */
export function QuestionInput({
  question,
  value,
  disabled,
  onChange,
  onLeaveText,
  onMoved,
}: {
  question: Question;
  value: GivenAnswer | undefined;
  disabled: boolean;
  onChange: (answer: GivenAnswer) => void;
  /** The student left the field of a typed answer: its last text may be saved without waiting. */
  onLeaveText?: () => void;
  /** Said aloud after an item moved. */
  onMoved?: (message: string) => void;
}) {
  const { t } = useTranslation('exams');
  const choice = (answer: Question['answers'][number]) => (
    <RichTextIn
      line={(text) => t('review.answer', { key: t(`letters.${answer.shown_key}`), text })}
      text={answer.text}
    />
  );

  switch (question.kind) {
    case 'single':
      return (
        <Radio.Group
          label={<RichText text={question.question_text} />}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next as AnswerKey)}
          styles={labelStyles}
        >
          <Stack gap="sm" mt="md">
            {question.answers.map((answer) => (
              <Radio key={answer.key} value={answer.key} disabled={disabled} label={choice(answer)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group
          label={<RichText text={question.question_text} />}
          description={t('kinds.chooseSeveral')}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next) => onChange(next as AnswerKey[])}
          styles={labelStyles}
        >
          <Stack gap="sm" mt="md">
            {question.answers.map((answer) => (
              <Checkbox key={answer.key} value={answer.key} disabled={disabled} label={choice(answer)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'true_false':
      return (
        <Radio.Group
          label={<RichText text={question.question_text} />}
          value={typeof value === 'boolean' ? String(value) : null}
          onChange={(next) => onChange(next === 'true')}
          styles={labelStyles}
        >
          <Group gap="lg" mt="md">
            <Radio value="true" disabled={disabled} label={t('kinds.true')} />
            <Radio value="false" disabled={disabled} label={t('kinds.false')} />
          </Group>
        </Radio.Group>
      );
    case 'short_text':
      return (
        <Stack gap="sm">
          <QuestionText question={question} />
          <TextInput
            label={t('kinds.typedAnswer')}
            disabled={disabled}
            autoComplete="off"
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.currentTarget.value)}
            onBlur={onLeaveText}
          />
        </Stack>
      );
    case 'matching': {
      const chosen = Array.isArray(value)
        ? (value as (number | null)[])
        : question.prompts.map(() => null as number | null);
      return (
        <Stack gap="sm" role="group" aria-labelledby={`question-text-${question.id}`}>
          <QuestionText question={question} labelled />
          {question.prompts.map((left, index) => (
            <NativeSelect
              key={left}
              label={t('kinds.chooseMatch', { item: left })}
              disabled={disabled}
              value={chosen[index] === null || chosen[index] === undefined ? '' : String(chosen[index])}
              data={[
                { value: '', label: t('kinds.chooseNone') },
                ...question.items.map((item) => ({ value: String(item.key), label: item.text })),
              ]}
              onChange={(event) => {
                const picked = event.currentTarget.value;
                onChange(
                  chosen.map((old, i) => (i === index ? (picked === '' ? null : Number(picked)) : old)),
                );
              }}
            />
          ))}
        </Stack>
      );
    }
    case 'ordering': {
      // Until the student moves something, the order is the shuffled one shown.
      const order = Array.isArray(value) ? (value as number[]) : question.items.map((item) => item.key);
      const textOf = (key: number) => question.items.find((item) => item.key === key)?.text ?? '';
      const move = (place: number, step: -1 | 1) => {
        const next = [...order];
        [next[place], next[place + step]] = [next[place + step]!, next[place]!];
        onChange(next);
        onMoved?.(
          t('kinds.movedTo', { item: textOf(order[place]!), place: place + step + 1, count: order.length }),
        );
      };
      return (
        <Stack gap="sm" role="group" aria-labelledby={`question-text-${question.id}`}>
          <QuestionText question={question} labelled />
          <Text size="sm" c="dimmed">
            {t('kinds.orderLabel')}
          </Text>
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {order.map((key, place) => (
              <Paper key={key} component="li" withBorder p="xs" radius="md">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text>
                    {place + 1}. {textOf(key)}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      size="lg"
                      disabled={disabled || place === 0}
                      aria-label={t('kinds.moveUp', { item: textOf(key) })}
                      onClick={() => move(place, -1)}
                    >
                      <IconArrowUp size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      disabled={disabled || place === order.length - 1}
                      aria-label={t('kinds.moveDown', { item: textOf(key) })}
                      onClick={() => move(place, 1)}
                    >
                      <IconArrowDown size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Stack>
      );
    }
  }
}
