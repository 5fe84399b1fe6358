import type { LearningPathInput, LearningPathsCreated } from '@flashcards/contract';

/** What the create form chooses for every student added with it. */
export type PathFields = {
  name: string;
  category: { id: number; name: string; type_of_cards: 'text' | 'picture' };
  category_tags: string[];
  start_at: string;
  end_at: string;
  daily_cards_flip_target: number;
  daily_cards_learn_target: number;
  flip_cards_volume: number;
  learned_card_volume_verbal: number;
  learned_card_volume_typing: number;
  learning_type_verbal: boolean;
  learning_type_typing: boolean;
  /** The test the path ends with, or null. */
  test: { id: number; name: string } | null;
  /** Its optional dates, as a `datetime-local` field holds them (the teacher's time), or ''. */
  start_test_at: string;
  end_test_at: string;
};

export type DraftStudent = { id: number; first_name: string; last_name: string; email?: string };

/** One path of the draft: a student with the fields of their path. */
export type DraftRow = { student: DraftStudent; fields: PathFields };

/**
 * Adds one draft path per student with the form's fields. A student already in the draft keeps their
 * place and takes the new fields (a student gets one path per call); the order is the order of adding.
 */
export function addToDraft(rows: DraftRow[], students: DraftStudent[], fields: PathFields): DraftRow[] {
  const added = new Map<number, DraftRow>();
  for (const student of students)
    added.set(student.id, { student, fields: { ...fields, category_tags: [...fields.category_tags] } });
  const kept = rows.map((row) => added.get(row.student.id) ?? row);
  const present = new Set(rows.map((row) => row.student.id));
  return [...kept, ...[...added.values()].filter((row) => !present.has(row.student.id))];
}

/** Changes some fields of one student's draft path. */
export const updateDraftRow = (
  rows: DraftRow[],
  studentId: number,
  change: Partial<PathFields>,
): DraftRow[] =>
  rows.map((row) => (row.student.id === studentId ? { ...row, fields: { ...row.fields, ...change } } : row));

export const removeDraftRow = (rows: DraftRow[], studentId: number): DraftRow[] =>
  rows.filter((row) => row.student.id !== studentId);

/** Why a draft path cannot be sent as it is, or null. */
export function draftRowProblem(fields: PathFields): 'name' | 'dates' | 'mode' | 'testDates' | null {
  if (fields.name.trim() === '') return 'name';
  if (!fields.start_at || !fields.end_at || fields.end_at < fields.start_at) return 'dates';
  if (!fields.learning_type_verbal && !fields.learning_type_typing) return 'mode';
  return testDatesProblem(fields);
}

/** Why a path's test dates cannot be sent: one without the other, or the end not after the start. */
export function testDatesProblem(fields: Pick<PathFields, 'test' | 'start_test_at' | 'end_test_at'>) {
  if (!fields.test || (fields.start_test_at === '' && fields.end_test_at === '')) return null;
  if (fields.start_test_at === '' || fields.end_test_at === '') return 'testDates' as const;
  const start = withOffset(fields.start_test_at);
  const end = withOffset(fields.end_test_at);
  if (!start || !end || Date.parse(end) <= Date.parse(start)) return 'testDates' as const;
  return null;
}

const pad = (value: number) => String(Math.floor(value)).padStart(2, '0');

/**
 * A `datetime-local` value (the browser's local time) as an ISO moment with the local offset, so the
 * server reads the teacher's own day from it; null when it is not a time.
 */
export function withOffset(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const seconds = local.length === 16 ? `${local}:00` : local;
  return `${seconds}${sign}${pad(Math.abs(offset) / 60)}:${pad(Math.abs(offset) % 60)}`;
}

/** The body of the create call: the draft's paths in order. */
export const draftToBody = (rows: DraftRow[]): LearningPathInput[] =>
  rows.map(({ student, fields }) => ({ ...fieldsToBody(fields), assigned_user: student.id }));

/** A path's fields as the create calls take them (for a student, a class or a group). */
export const fieldsToBody = (fields: PathFields) => ({
  name: fields.name.trim(),
  category: fields.category.id,
  category_tags: fields.category_tags,
  start_at: fields.start_at,
  end_at: fields.end_at,
  daily_cards_flip_target: fields.daily_cards_flip_target,
  daily_cards_learn_target: fields.daily_cards_learn_target,
  flip_cards_volume: fields.flip_cards_volume,
  learned_card_volume_verbal: fields.learned_card_volume_verbal,
  learned_card_volume_typing: fields.learned_card_volume_typing,
  learning_type_verbal: fields.learning_type_verbal,
  learning_type_typing: fields.learning_type_typing,
  ...(fields.test
    ? {
        test: fields.test.id,
        start_test_at: withOffset(fields.start_test_at),
        end_test_at: withOffset(fields.end_test_at),
      }
    : {}),
});

/** The students the server left out, with their names from the draft, and those whose paths were made. */
export function creationOutcome(rows: DraftRow[], result: LearningPathsCreated) {
  const byId = new Map(rows.map((row) => [row.student.id, row.student]));
  const skippedIds = new Set(result.skipped.map((entry) => entry.assigned_user));
  return {
    created: rows.filter((row) => !skippedIds.has(row.student.id)).map((row) => row.student),
    skipped: result.skipped.map((entry) => ({
      student: byId.get(entry.assigned_user) ?? {
        id: entry.assigned_user,
        first_name: '',
        last_name: `#${entry.assigned_user}`,
      },
      reason: entry.reason,
    })),
  };
}

/** The calendar day `days` after `day` (both `YYYY-MM-DD`). */
export const daysAfter = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
