import type { AnswerKey, TestQuestion, TestQuestionInput } from '@flashcards/contract';
import { ANSWER_MAX_LENGTH, QUESTION_MAX_SCORE, QUESTION_TEXT_MAX_LENGTH } from '@flashcards/contract';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';

export const answerKeys = ['a', 'b', 'c', 'd'] as const satisfies readonly AnswerKey[];

type AnswerField = 'answer_a' | 'answer_b' | 'answer_c' | 'answer_d';
const fieldOf = (key: AnswerKey): AnswerField => `answer_${key}`;

export type QuestionDraft = {
  question_text: string;
  answer_a: string;
  answer_b: string;
  answer_c: string;
  answer_d: string;
  correct_answer: AnswerKey;
  score_value: number | '';
};

export const emptyQuestion: QuestionDraft = {
  question_text: '',
  answer_a: '',
  answer_b: '',
  answer_c: '',
  answer_d: '',
  correct_answer: 'a',
  score_value: 1,
};

export const draftOfQuestion = (question: TestQuestion): QuestionDraft => ({
  question_text: question.question_text,
  answer_a: question.answer_a,
  answer_b: question.answer_b,
  answer_c: question.answer_c ?? '',
  answer_d: question.answer_d ?? '',
  correct_answer: question.correct_answer,
  score_value: question.score_value,
});

/** The problems the form sees before sending (the server checks them again). */
type QuestionProblem =
  | 'questions.required'
  | 'questions.dWithoutC'
  | 'questions.correctBlank'
  | 'questions.scoreMin';

export function questionProblems(
  draft: QuestionDraft,
): Partial<Record<keyof QuestionDraft, QuestionProblem>> {
  const problems: Partial<Record<keyof QuestionDraft, QuestionProblem>> = {};
  if (!draft.question_text.trim()) problems.question_text = 'questions.required';
  if (!draft.answer_a.trim()) problems.answer_a = 'questions.required';
  if (!draft.answer_b.trim()) problems.answer_b = 'questions.required';
  if (draft.answer_d.trim() && !draft.answer_c.trim()) problems.answer_d = 'questions.dWithoutC';
  if (!draft[fieldOf(draft.correct_answer)].trim()) problems.correct_answer = 'questions.correctBlank';
  if (draft.score_value === '' || draft.score_value < 1) problems.score_value = 'questions.scoreMin';
  return problems;
}

export const questionBody = (draft: QuestionDraft): TestQuestionInput => ({
  question_text: draft.question_text.trim(),
  answer_a: draft.answer_a.trim(),
  answer_b: draft.answer_b.trim(),
  answer_c: draft.answer_c.trim(),
  answer_d: draft.answer_c.trim() ? draft.answer_d.trim() : '',
  correct_answer: draft.correct_answer,
  score_value: Number(draft.score_value || 0),
});

/**
 * A question being added or changed: its text, answers A and B (needed), C and D (optional, D only after
 * C), the correct one marked with a radio, and its points. Problems show on their fields: the form's own
 * first, then the server's.
 */
export function QuestionForm({
  initial,
  title,
  submitLabel,
  onSubmit,
  onCancel,
  saving,
  serverErrors,
  formError,
}: {
  initial: QuestionDraft;
  title: string;
  submitLabel: string;
  onSubmit: (body: TestQuestionInput, reset: () => void) => void;
  onCancel?: () => void;
  saving: boolean;
  serverErrors: Record<string, string>;
  formError: string | null;
}) {
  const { t } = useTranslation('tests');
  const titleId = useId();
  const [draft, setDraft] = useState<QuestionDraft>(initial);
  const [tried, setTried] = useState(false);
  const problems = questionProblems(draft);
  const errorOf = (field: keyof QuestionDraft) => {
    const problem = tried ? problems[field] : undefined;
    return problem ? t(problem) : serverErrors[field];
  };
  const change = (next: Partial<QuestionDraft>) => setDraft((current) => ({ ...current, ...next }));
  const given = (key: AnswerKey) => draft[fieldOf(key)].trim() !== '';
  const shown = (key: AnswerKey) => key !== 'd' || given('c') || draft.answer_d !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    onSubmit(questionBody(draft), () => {
      setDraft(emptyQuestion);
      setTried(false);
    });
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      aria-labelledby={titleId}
      noValidate
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        <Textarea
          label={t('questions.text')}
          required
          autosize
          minRows={2}
          maxLength={QUESTION_TEXT_MAX_LENGTH}
          value={draft.question_text}
          onChange={(event) => change({ question_text: event.currentTarget.value })}
          error={errorOf('question_text')}
        />
        <Radio.Group
          label={t('questions.answersLegend')}
          description={t('questions.answersHint')}
          value={draft.correct_answer}
          onChange={(value) => change({ correct_answer: value as AnswerKey })}
          error={errorOf('correct_answer')}
        >
          <Stack gap="xs" mt="xs">
            {answerKeys.filter(shown).map((key) => (
              <Group key={key} align="flex-start" gap="sm" wrap="nowrap">
                <Radio
                  value={key}
                  mt={30}
                  disabled={!given(key)}
                  aria-label={t('questions.correctOne', { letter: t(`letters.${key}`) })}
                />
                <TextInput
                  style={{ flex: 1 }}
                  label={t(key === 'a' || key === 'b' ? 'questions.answer' : 'questions.answerOptional', {
                    letter: t(`letters.${key}`),
                  })}
                  required={key === 'a' || key === 'b'}
                  maxLength={ANSWER_MAX_LENGTH}
                  value={draft[fieldOf(key)]}
                  onChange={(event) => change({ [fieldOf(key)]: event.currentTarget.value })}
                  error={errorOf(fieldOf(key))}
                />
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {!shown('d') && (
          <Text size="xs" c="dimmed">
            {t('questions.dAfterC')}
          </Text>
        )}
        <NumberInput
          label={t('questions.score')}
          required
          min={1}
          max={QUESTION_MAX_SCORE}
          allowDecimal={false}
          allowNegative={false}
          w={160}
          value={draft.score_value}
          onChange={(next) => change({ score_value: typeof next === 'number' ? next : '' })}
          error={errorOf('score_value')}
        />
        <FormError>{formError}</FormError>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
