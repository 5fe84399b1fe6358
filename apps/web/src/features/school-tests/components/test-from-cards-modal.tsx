import type {
  AnswerKey,
  TestDraft as CardsDraft,
  DraftKind,
  DraftKinds,
  DraftQuestion,
  QuestionSettings,
} from '@flashcards/contract';
import { DRAFT_KINDS, TEST_MAX_QUESTIONS } from '@flashcards/contract';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  List,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { IconCheck, IconEdit, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { correctAnswerText } from '../../../components/exam/question-kinds';
import { FormError } from '../../../components/ui/form-error';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import {
  useCategoryTags,
  useCreateTestWithQuestions,
  useDraftFromCards,
  useTextCategories,
} from '../api/from-cards';
import { answerKeys, draftOfQuestion, type QuestionDraft, QuestionForm, questionBody } from './question-form';
import { bodyOfDraft, emptyTestDraft, type TestDraft, TestFieldsForm } from './test-fields-form';

/** A drafted question as the teacher keeps it: the editor's state of the question and a key for the list. */
type Kept = { key: number; question: QuestionDraft };

const isRight = (question: QuestionDraft, letter: AnswerKey) =>
  question.kind === 'multiple'
    ? question.correct_letters.includes(letter)
    : question.correct_answer === letter;

const keptOf = (questions: DraftQuestion[]): Kept[] =>
  questions.map((question) => ({ key: question.card, question: draftOfQuestion(question) }));

/** What is right for a kept question of a kind without letters, as the test's question list says it. */
const settingsOf = (question: QuestionDraft) => {
  const body = questionBody(question);
  return 'settings' in body ? ({ kind: question.kind, ...body.settings } as QuestionSettings) : null;
};

type Counts = Record<DraftKind, number | ''>;
const firstCounts: Counts = { single: 10, true_false: 0, short_text: 0, matching: 0 };
const kindsOf = (counts: Counts) =>
  Object.fromEntries(DRAFT_KINDS.map((kind) => [kind, Number(counts[kind] || 0)])) as DraftKinds;
const totalOf = (counts: Counts) => DRAFT_KINDS.reduce((sum, kind) => sum + Number(counts[kind] || 0), 0);

/**
 * Thresholds to start from for a total of points: about 90, 75, 60 and 45 per cent, kept in the order the
 * server asks (each below the one above); the teacher changes them before saving.
 */
export const defaultThresholds = (total: number) => {
  const excellent = Math.max(3, Math.ceil(total * 0.9));
  const veryGood = Math.max(2, Math.min(Math.ceil(total * 0.75), excellent - 1));
  const good = Math.max(1, Math.min(Math.ceil(total * 0.6), veryGood - 1));
  const satisfy = Math.max(0, Math.min(Math.ceil(total * 0.45), good - 1));
  return {
    excellent_score_value: excellent,
    very_good_score_value: veryGood,
    good_score_value: good,
    satisfy_score_value: satisfy,
    fail_score_value: 0,
  };
};

/**
 * A test from a category's cards, step by step: the category, its tags and how many questions; the draft
 * the server makes, where each question can be changed or removed; then the test's name and thresholds,
 * saved with the questions in one call. Nothing is saved before the last step.
 */
export function TestFromCardsModal({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (test: { id: number; name: string }) => void;
}) {
  const { t } = useTranslation('tests');
  const { t: te } = useTranslation('exams');
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const categories = useTextCategories(opened);
  const [step, setStep] = useState(0);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [counts, setCounts] = useState<Counts>(firstCounts);
  const tagChoices = useCategoryTags(categoryId);
  const drafting = useDraftFromCards();
  const saving = useCreateTestWithQuestions();
  const [draft, setDraft] = useState<CardsDraft | null>(null);
  const [kept, setKept] = useState<Kept[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [test, setTest] = useState<TestDraft>(emptyTestDraft);
  const [tried, setTried] = useState(false);
  // A step's first words take the focus when it opens, and after a removal (its button is gone), so a
  // keyboard or screen reader user goes on from there.
  const stepStart = useRef<HTMLParagraphElement>(null);
  const [focusStep, setFocusStep] = useState(0);
  useEffect(() => {
    if (focusStep > 0) stepStart.current?.focus();
  }, [focusStep]);
  const goTo = (next: number) => {
    setStep(next);
    setFocusStep((count) => count + 1);
  };

  const reset = () => {
    setStep(0);
    setCategoryId(null);
    setTags([]);
    setCounts(firstCounts);
    setDraft(null);
    setKept([]);
    setEditing(null);
    setTest(emptyTestDraft);
    setTried(false);
    drafting.reset();
    saving.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const draftErrors = fieldErrorsOf(drafting.error);
  const sourceProblems = {
    category: tried && categoryId === null ? t('fromCards.pickCategory') : draftErrors.category,
    count:
      tried && totalOf(counts) < 1
        ? t('fromCards.countMin')
        : (draftErrors.kinds ?? DRAFT_KINDS.map((kind) => draftErrors[`kinds.${kind}`]).find(Boolean)),
    tags: draftErrors.tags,
  };

  const makeDraft = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (categoryId === null || totalOf(counts) < 1) return;
    drafting.mutate(
      { category: categoryId, tags, kinds: kindsOf(counts) },
      {
        onSuccess: (made) => {
          setDraft(made);
          setKept(keptOf(made.questions));
          setEditing(null);
          const total = made.questions.reduce((sum, question) => sum + question.score_value, 0);
          setTest({ ...emptyTestDraft, name: made.category.name, ...defaultThresholds(total) });
          goTo(1);
        },
      },
    );
  };

  const total = kept.reduce((sum, { question }) => sum + Number(question.score_value || 0), 0);
  const change = (key: number, question: QuestionDraft) => {
    setKept((current) => current.map((item) => (item.key === key ? { key, question } : item)));
    setEditing(null);
  };
  const remove = (key: number) => {
    setKept((current) => current.filter((item) => item.key !== key));
    if (editing === key) setEditing(null);
    setFocusStep((count) => count + 1);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate(
      { ...bodyOfDraft(test), questions: kept.map(({ question }) => questionBody(question)) },
      {
        onSuccess: (made) => {
          onSaved({ id: made.id, name: made.name });
          reset();
        },
      },
    );
  };
  const saveErrors = fieldErrorsOf(saving.error);
  const questionErrors = Object.keys(saveErrors).some((field) => field.startsWith('questions'));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('fromCards.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stepper active={step} onStepClick={(next) => next < step && goTo(next)} size="sm" mb="md">
        <Stepper.Step label={t('fromCards.stepCards')} />
        <Stepper.Step label={t('fromCards.stepQuestions')} />
        <Stepper.Step label={t('fromCards.stepSave')} />
      </Stepper>

      {step === 0 && (
        <form onSubmit={makeDraft} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed" ref={stepStart} tabIndex={-1}>
              {t('fromCards.intro')}
            </Text>
            {categories.isPending ? (
              <Group gap="xs">
                <Loader size="sm" aria-hidden="true" />
                <Text size="sm">{t('fromCards.loadingCategories')}</Text>
              </Group>
            ) : categories.isError ? (
              <FormError>{errorMessage(categories.error)}</FormError>
            ) : categories.data.length === 0 ? (
              <Alert color="gray">{t('fromCards.noCategories')}</Alert>
            ) : (
              <Select
                label={t('fromCards.category')}
                placeholder={t('fromCards.categoryPlaceholder')}
                required
                searchable
                data={categories.data.map((category) => ({
                  value: String(category.id),
                  label: t('fromCards.categoryOption', {
                    name: category.name,
                    count: category.cards_len,
                    formatted: number(category.cards_len),
                  }),
                }))}
                value={categoryId === null ? null : String(categoryId)}
                onChange={(value) => {
                  setCategoryId(value ? Number(value) : null);
                  setTags([]);
                }}
                error={sourceProblems.category}
              />
            )}
            <MultiSelect
              label={t('fromCards.tags')}
              description={t('fromCards.tagsHint')}
              data={tagChoices.data ?? []}
              value={tags}
              onChange={setTags}
              disabled={categoryId === null || (tagChoices.data ?? []).length === 0}
              searchable
              error={sourceProblems.tags}
            />
            <Fieldset legend={t('fromCards.count')} variant="unstyled">
              <Text size="xs" c="dimmed" mb="xs">
                {t('fromCards.countHint')}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                {DRAFT_KINDS.map((kind) => (
                  <NumberInput
                    key={kind}
                    label={te(`kinds.name.${kind}`)}
                    min={0}
                    max={TEST_MAX_QUESTIONS}
                    allowDecimal={false}
                    allowNegative={false}
                    value={counts[kind]}
                    onChange={(next) =>
                      setCounts((current) => ({ ...current, [kind]: typeof next === 'number' ? next : '' }))
                    }
                    error={sourceProblems.count ? true : undefined}
                  />
                ))}
              </SimpleGrid>
              {sourceProblems.count && (
                <Text size="sm" c="red" mt="xs" role="alert">
                  {sourceProblems.count}
                </Text>
              )}
            </Fieldset>
            <FormError>
              {drafting.isError && Object.keys(draftErrors).length === 0
                ? errorMessage(drafting.error)
                : null}
            </FormError>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={drafting.isPending}>
                {t('fromCards.draft')}
              </Button>
            </Group>
            {drafting.isPending && (
              <Text size="sm" role="status">
                {t('fromCards.drafting')}
              </Text>
            )}
          </Stack>
        </form>
      )}

      {step === 1 && draft && (
        <Stack gap="md">
          <Text size="sm" role="status" ref={stepStart} tabIndex={-1}>
            {kept.length < draft.questions.length
              ? t('fromCards.keptOf', {
                  count: draft.questions.length,
                  kept: number(kept.length),
                  formatted: number(draft.questions.length),
                })
              : t('fromCards.drafted', {
                  count: draft.questions.length,
                  formatted: number(draft.questions.length),
                  available: number(draft.available),
                })}
          </Text>
          {kept.length === 0 && <Alert color="gray">{t('fromCards.noneKept')}</Alert>}
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {kept.map(({ key, question }, index) => (
              <li key={key}>
                {editing === key ? (
                  <QuestionForm
                    initial={question}
                    title={t('fromCards.editTitle', { number: index + 1 })}
                    submitLabel={t('fromCards.keepChanges')}
                    onSubmit={(_body, _reset, edited) => change(key, edited)}
                    onCancel={() => setEditing(null)}
                    saving={false}
                    serverErrors={{}}
                    formError={null}
                  />
                ) : (
                  <Paper withBorder p="sm" radius="md">
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                      <Stack gap={4} style={{ flex: 1 }}>
                        <Text fw={600}>
                          {t('fromCards.questionLine', { number: index + 1, text: question.question_text })}
                        </Text>
                        <List size="sm" spacing={2}>
                          {answerKeys
                            .filter(
                              (letter) =>
                                (question.kind === 'single' || question.kind === 'multiple') &&
                                question[`answer_${letter}`] !== '',
                            )
                            .map((letter) => (
                              <List.Item
                                key={letter}
                                icon={
                                  isRight(question, letter) ? (
                                    <IconCheck
                                      size={14}
                                      color="var(--mantine-color-green-7)"
                                      aria-hidden="true"
                                    />
                                  ) : undefined
                                }
                              >
                                {t('fromCards.answerLine', {
                                  letter: t(`letters.${letter}`),
                                  text: question[`answer_${letter}`],
                                })}
                                {isRight(question, letter) && (
                                  <Text span ml="xs" size="xs" fw={700}>
                                    {t('fromCards.right')}
                                  </Text>
                                )}
                              </List.Item>
                            ))}
                        </List>
                        {question.kind !== 'single' && question.kind !== 'multiple' && (
                          <Text size="sm">
                            {te(`kinds.name.${question.kind}`)}.{' '}
                            {te('kinds.rightAnswer', {
                              answer: correctAnswerText(
                                { kind: question.kind, correct_answer: null, settings: settingsOf(question) },
                                te,
                              ),
                            })}
                          </Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {t('fromCards.points', {
                            count: Number(question.score_value || 0),
                            formatted: number(Number(question.score_value || 0)),
                          })}
                        </Text>
                      </Stack>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconEdit size={14} aria-hidden="true" />}
                          aria-label={t('fromCards.editOne', { number: index + 1 })}
                          onClick={() => setEditing(key)}
                        >
                          {t('actions.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={14} aria-hidden="true" />}
                          aria-label={t('fromCards.removeOne', { number: index + 1 })}
                          onClick={() => remove(key)}
                        >
                          {t('fromCards.remove')}
                        </Button>
                      </Group>
                    </Group>
                  </Paper>
                )}
              </li>
            ))}
          </Stack>
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => goTo(0)}>
              {t('fromCards.back')}
            </Button>
            <Button
              disabled={kept.length === 0 || editing !== null}
              onClick={() => {
                setTest((current) => ({ ...current, ...defaultThresholds(total) }));
                goTo(2);
              }}
            >
              {t('fromCards.next')}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 2 && (
        <form onSubmit={save} noValidate>
          <Stack gap="md">
            <Text size="sm" ref={stepStart} tabIndex={-1}>
              {t('fromCards.summary', {
                count: kept.length,
                formatted: number(kept.length),
                points: number(total),
              })}
            </Text>
            <TestFieldsForm
              value={test}
              onChange={(next) => setTest((current) => ({ ...current, ...next }))}
              errors={saveErrors}
            />
            <FormError>
              {saving.isError && (questionErrors || Object.keys(saveErrors).length === 0)
                ? errorMessage(saving.error)
                : null}
            </FormError>
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => goTo(1)}>
                {t('fromCards.back')}
              </Button>
              <Button type="submit" loading={saving.isPending}>
                {t('fromCards.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
