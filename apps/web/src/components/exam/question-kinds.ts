import type { AnswerKey, QuestionKind, QuestionSettings } from '@flashcards/contract';
import type { TFunction } from 'i18next';
import '../../lib/exam-texts';

type Question = {
  kind: QuestionKind;
  correct_answer: AnswerKey | null;
  settings: QuestionSettings | null;
};

const letters = (keys: readonly string[], t: TFunction<'exams'>) =>
  keys.map((key) => t(`letters.${key as AnswerKey}`)).join(', ');

/** What is right for a question, in one line: its letter(s), true or false, or its items and pairs. */
export const correctAnswerText = (question: Question, t: TFunction<'exams'>): string => {
  const settings = question.settings;
  if (!settings) return question.correct_answer ? t(`letters.${question.correct_answer}`) : '';
  switch (settings.kind) {
    case 'multiple':
      return letters(settings.correct, t);
    case 'true_false':
      return t(settings.correct ? 'kinds.true' : 'kinds.false');
    case 'short_text':
      return settings.accepted.join(' / ');
    case 'matching':
      return settings.pairs.map((pair) => `${pair.left} – ${pair.right}`).join('; ');
    case 'ordering':
      return settings.items.join(' → ');
  }
};

/** The student's answer to a question of a kind without letters, in one line (null: not answered). */
export const responseText = (
  question: Question & {
    student_response: unknown;
    items: { key: number; text: string }[];
    prompts: string[];
  },
  t: TFunction<'exams'>,
): string | null => {
  const response = question.student_response;
  if (response === null || response === undefined) return null;
  const itemText = (key: unknown) =>
    question.items.find((item) => item.key === key)?.text ?? t('kinds.noAnswer');
  switch (question.kind) {
    case 'multiple':
      return Array.isArray(response) ? letters(response as string[], t) : null;
    case 'true_false':
      return t(response ? 'kinds.true' : 'kinds.false');
    case 'short_text':
      return String(response);
    case 'matching':
      return Array.isArray(response)
        ? question.prompts.map((left, index) => `${left} – ${itemText(response[index])}`).join('; ')
        : null;
    case 'ordering':
      return Array.isArray(response) ? response.map(itemText).join(' → ') : null;
    default:
      return null;
  }
};

/** The partial-credit rule of a kind that has one, as shown to the teacher and in the review. */
export const ruleOf = (kind: QuestionKind, t: TFunction<'exams'>): string | null =>
  kind === 'multiple'
    ? t('kinds.multipleRule')
    : kind === 'matching'
      ? t('kinds.matchingRule')
      : kind === 'ordering'
        ? t('kinds.orderingRule')
        : null;
