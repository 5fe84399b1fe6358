import type { AnswerKey, QuestionKind, TestQuestion, TestQuestionInput } from '@flashcards/contract';
import {
  ANSWER_MAX_LENGTH,
  ORDER_ITEMS_MAX,
  ORDER_ITEMS_MIN,
  PAIRS_MAX,
  PAIRS_MIN,
  QUESTION_MAX_SCORE,
  QUESTION_TEXT_MAX_LENGTH,
  questionKindSchema,
  SHORT_ANSWER_MAX_LENGTH,
} from '@flashcards/contract';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import '../../../lib/exam-texts';
import { FormattedPreview, FormattingHelp } from '../../../components/rich-text/formatted-preview';
import { RowListEditor } from './row-list-editor';

export const answerKeys = ['a', 'b', 'c', 'd'] as const satisfies readonly AnswerKey[];

type AnswerField = 'answer_a' | 'answer_b' | 'answer_c' | 'answer_d';
const fieldOf = (key: AnswerKey): AnswerField => `answer_${key}`;

export type QuestionDraft = {
  kind: QuestionKind;
  question_text: string;
  answer_a: string;
  answer_b: string;
  answer_c: string;
  answer_d: string;
  correct_answer: AnswerKey;
  /** Several correct answers: the letters marked. */
  correct_letters: AnswerKey[];
  statement: 'true' | 'false';
  /** Accepted typed answers, one a line. */
  accepted: string;
  ignore_case: boolean;
  ignore_spaces: boolean;
  ignore_diacritics: boolean;
  pairs: { left: string; right: string }[];
  items: string[];
  score_value: number | '';
};

export const emptyQuestion: QuestionDraft = {
  kind: 'single',
  question_text: '',
  answer_a: '',
  answer_b: '',
  answer_c: '',
  answer_d: '',
  correct_answer: 'a',
  correct_letters: [],
  statement: 'true',
  accepted: '',
  ignore_case: true,
  ignore_spaces: true,
  ignore_diacritics: false,
  pairs: [
    { left: '', right: '' },
    { left: '', right: '' },
  ],
  items: ['', ''],
  score_value: 1,
};

/** A question's fields as the server gives them: a saved question, or a drafted one (no answers but its kind's). */
type QuestionFields = Pick<TestQuestion, 'kind' | 'question_text' | 'score_value'> &
  Partial<
    Pick<TestQuestion, 'answer_a' | 'answer_b' | 'answer_c' | 'answer_d' | 'correct_answer' | 'settings'>
  >;

export const draftOfQuestion = (question: QuestionFields): QuestionDraft => {
  const settings = question.settings;
  return {
    ...emptyQuestion,
    kind: question.kind,
    question_text: question.question_text,
    answer_a: question.answer_a ?? '',
    answer_b: question.answer_b ?? '',
    answer_c: question.answer_c ?? '',
    answer_d: question.answer_d ?? '',
    correct_answer: question.correct_answer ?? 'a',
    score_value: question.score_value,
    ...(settings?.kind === 'multiple' && { correct_letters: settings.correct }),
    ...(settings?.kind === 'true_false' && { statement: settings.correct ? 'true' : 'false' }),
    ...(settings?.kind === 'short_text' && {
      accepted: settings.accepted.join('\n'),
      ignore_case: settings.ignore_case,
      ignore_spaces: settings.ignore_spaces,
      ignore_diacritics: settings.ignore_diacritics,
    }),
    ...(settings?.kind === 'matching' && { pairs: settings.pairs }),
    ...(settings?.kind === 'ordering' && { items: settings.items }),
  };
};

const acceptedOf = (draft: QuestionDraft) =>
  draft.accepted
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The problems the form sees before sending (the server checks them again). */
type QuestionProblem =
  | 'questions.required'
  | 'questions.dWithoutC'
  | 'questions.correctBlank'
  | 'questions.scoreMin';

type DraftField = keyof QuestionDraft | `pairs.${number}` | `items.${number}`;
const choiceKind = (kind: QuestionKind) => kind === 'single' || kind === 'multiple';

export function questionProblems(draft: QuestionDraft): Partial<Record<DraftField, QuestionProblem>> {
  const problems: Partial<Record<DraftField, QuestionProblem>> = {};
  if (!draft.question_text.trim()) problems.question_text = 'questions.required';
  if (choiceKind(draft.kind)) {
    if (!draft.answer_a.trim()) problems.answer_a = 'questions.required';
    if (!draft.answer_b.trim()) problems.answer_b = 'questions.required';
    if (draft.answer_d.trim() && !draft.answer_c.trim()) problems.answer_d = 'questions.dWithoutC';
  }
  if (draft.kind === 'single' && !draft[fieldOf(draft.correct_answer)].trim())
    problems.correct_answer = 'questions.correctBlank';
  if (
    draft.kind === 'multiple' &&
    (draft.correct_letters.length === 0 || draft.correct_letters.some((key) => !draft[fieldOf(key)].trim()))
  )
    problems.correct_letters = 'questions.correctBlank';
  if (draft.kind === 'short_text' && acceptedOf(draft).length === 0) problems.accepted = 'questions.required';
  if (draft.kind === 'matching')
    draft.pairs.forEach((pair, index) => {
      if (!pair.left.trim() || !pair.right.trim()) problems[`pairs.${index}`] = 'questions.required';
    });
  if (draft.kind === 'ordering')
    draft.items.forEach((item, index) => {
      if (!item.trim()) problems[`items.${index}`] = 'questions.required';
    });
  if (draft.score_value === '' || draft.score_value < 1) problems.score_value = 'questions.scoreMin';
  return problems;
}

export const questionBody = (draft: QuestionDraft): TestQuestionInput => {
  const common = { question_text: draft.question_text.trim(), score_value: Number(draft.score_value || 0) };
  const choices = {
    answer_a: draft.answer_a.trim(),
    answer_b: draft.answer_b.trim(),
    answer_c: draft.answer_c.trim(),
    answer_d: draft.answer_c.trim() ? draft.answer_d.trim() : '',
  };
  switch (draft.kind) {
    case 'single':
      return { ...common, ...choices, correct_answer: draft.correct_answer };
    case 'multiple':
      return {
        ...common,
        ...choices,
        kind: 'multiple',
        settings: { correct: [...draft.correct_letters].sort() },
      };
    case 'true_false':
      return { ...common, kind: 'true_false', settings: { correct: draft.statement === 'true' } };
    case 'short_text':
      return {
        ...common,
        kind: 'short_text',
        settings: {
          accepted: acceptedOf(draft),
          ignore_case: draft.ignore_case,
          ignore_spaces: draft.ignore_spaces,
          ignore_diacritics: draft.ignore_diacritics,
        },
      };
    case 'matching':
      return {
        ...common,
        kind: 'matching',
        settings: {
          pairs: draft.pairs.map((pair) => ({ left: pair.left.trim(), right: pair.right.trim() })),
        },
      };
    case 'ordering':
      return { ...common, kind: 'ordering', settings: { items: draft.items.map((item) => item.trim()) } };
  }
};

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
  picture,
}: {
  initial: QuestionDraft;
  title: string;
  submitLabel: string;
  /** The body to send, a reset of the form, and the form's state (kept by a caller that saves later). */
  onSubmit: (body: TestQuestionInput, reset: () => void, draft: QuestionDraft) => void;
  onCancel?: () => void;
  saving: boolean;
  serverErrors: Record<string, string>;
  formError: string | null;
  /** The picture field of a saved question, shown above its text. */
  picture?: ReactNode;
}) {
  const { t } = useTranslation('tests');
  const { t: te } = useTranslation('exams');
  const titleId = useId();
  const [draft, setDraft] = useState<QuestionDraft>(initial);
  const [tried, setTried] = useState(false);
  const problems = questionProblems(draft);
  const errorOf = (field: DraftField, server: string = field) => {
    const problem = tried ? problems[field] : undefined;
    return problem ? t(problem) : serverErrors[server];
  };
  const change = (next: Partial<QuestionDraft>) => setDraft((current) => ({ ...current, ...next }));
  const given = (key: AnswerKey) => draft[fieldOf(key)].trim() !== '';
  const shown = (key: AnswerKey) => key !== 'd' || given('c') || draft.answer_d !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    onSubmit(
      questionBody(draft),
      () => {
        setDraft(emptyQuestion);
        setTried(false);
      },
      draft,
    );
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
        {picture}
        <Textarea
          label={t('questions.text')}
          required
          autosize
          minRows={2}
          maxLength={QUESTION_TEXT_MAX_LENGTH}
          value={draft.question_text}
          onChange={(event) => change({ question_text: event.currentTarget.value })}
          error={errorOf('question_text')}
          description={<FormattingHelp />}
        />
        <FormattedPreview texts={[{ label: t('questions.text'), text: draft.question_text }]} />
        <NativeSelect
          label={te('kinds.kindLabel')}
          value={draft.kind}
          onChange={(event) => change({ kind: event.currentTarget.value as QuestionKind })}
          data={questionKindSchema.options.map((kind) => ({ value: kind, label: te(`kinds.name.${kind}`) }))}
          w={{ base: '100%', sm: 320 }}
        />
        {draft.kind === 'single' && (
          <>
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
          </>
        )}
        {draft.kind === 'multiple' && (
          <Checkbox.Group
            label={t('questions.answersLegend')}
            description={te('kinds.multipleRule')}
            value={draft.correct_letters}
            onChange={(value) => change({ correct_letters: value as AnswerKey[] })}
            error={errorOf('correct_letters', 'settings.correct')}
          >
            <Stack gap="xs" mt="xs">
              {answerKeys.filter(shown).map((key) => (
                <Group key={key} align="flex-start" gap="sm" wrap="nowrap">
                  <Checkbox
                    value={key}
                    mt={30}
                    disabled={!given(key)}
                    aria-label={te('kinds.correctMark', { letter: te(`letters.${key}`) })}
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
          </Checkbox.Group>
        )}
        {draft.kind === 'true_false' && (
          <Radio.Group
            label={te('kinds.correctStatement')}
            value={draft.statement}
            onChange={(value) => change({ statement: value === 'false' ? 'false' : 'true' })}
          >
            <Group gap="lg" mt="xs">
              <Radio value="true" label={te('kinds.true')} />
              <Radio value="false" label={te('kinds.false')} />
            </Group>
          </Radio.Group>
        )}
        {draft.kind === 'short_text' && (
          <Stack gap="xs">
            <Textarea
              label={te('kinds.accepted')}
              description={te('kinds.acceptedHint')}
              required
              autosize
              minRows={2}
              value={draft.accepted}
              onChange={(event) => change({ accepted: event.currentTarget.value })}
              error={errorOf('accepted', 'settings.accepted')}
            />
            <Checkbox
              label={te('kinds.ignoreCase')}
              checked={draft.ignore_case}
              onChange={(event) => change({ ignore_case: event.currentTarget.checked })}
            />
            <Checkbox
              label={te('kinds.ignoreSpaces')}
              checked={draft.ignore_spaces}
              onChange={(event) => change({ ignore_spaces: event.currentTarget.checked })}
            />
            <Checkbox
              label={te('kinds.ignoreDiacritics')}
              checked={draft.ignore_diacritics}
              onChange={(event) => change({ ignore_diacritics: event.currentTarget.checked })}
            />
          </Stack>
        )}
        {draft.kind === 'matching' && (
          <RowListEditor
            rows={draft.pairs}
            onChange={(pairs) => change({ pairs })}
            min={PAIRS_MIN}
            max={PAIRS_MAX}
            blank={{ left: '', right: '' }}
            hint={te('kinds.matchingRule')}
            renderRow={(pair, index, set) => (
              <Group gap="sm" grow align="flex-start">
                <TextInput
                  label={te('kinds.pairLeft', { number: index + 1 })}
                  required
                  maxLength={SHORT_ANSWER_MAX_LENGTH}
                  value={pair.left}
                  onChange={(event) => set({ ...pair, left: event.currentTarget.value })}
                  error={errorOf(`pairs.${index}`, 'settings.pairs')}
                />
                <TextInput
                  label={te('kinds.pairRight', { number: index + 1 })}
                  required
                  maxLength={SHORT_ANSWER_MAX_LENGTH}
                  value={pair.right}
                  onChange={(event) => set({ ...pair, right: event.currentTarget.value })}
                />
              </Group>
            )}
          />
        )}
        {draft.kind === 'ordering' && (
          <RowListEditor
            rows={draft.items}
            onChange={(items) => change({ items })}
            min={ORDER_ITEMS_MIN}
            max={ORDER_ITEMS_MAX}
            blank=""
            hint={`${te('kinds.itemsHint')} ${te('kinds.orderingRule')}`}
            renderRow={(item, index, set) => (
              <TextInput
                label={te('kinds.item', { number: index + 1 })}
                required
                maxLength={SHORT_ANSWER_MAX_LENGTH}
                value={item}
                onChange={(event) => set(event.currentTarget.value)}
                error={errorOf(`items.${index}`, 'settings.items')}
              />
            )}
          />
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
