import type {
  AnswerKey,
  Exam,
  ExamAssignment,
  ExamDetail,
  ExamEvent,
  ExamLive,
  ExamLiveRow,
  ExamSummary,
  ExamTaking,
  Grade,
  SchoolTest,
  SchoolTestDetail,
  TestChoice,
  TestQuestion,
} from '@flashcards/contract';
import { isoTime } from '../../db/rows';
import { thumbnailKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import { answersInExamOrder, itemsInExamOrder, questionsInExamOrder } from './exams.order';
import type {
  AssignmentRow,
  EventRow,
  ExamQuestionRow,
  ExamRow,
  LiveRow,
  QuestionRow,
  SittingRow,
  SittingSummaryRow,
  SummaryRow,
  TestRow,
} from './exams.repository';
import { statusOf } from './exams.status';

const optional = (answer: string) => (answer === '' ? null : answer);

/** The given answers of a question, by letter, in order (blank third and fourth ones left out). */
const givenAnswers = (row: QuestionRow): { key: AnswerKey; text: string }[] =>
  (
    [
      { key: 'a', text: row.answer_a },
      { key: 'b', text: row.answer_b },
      { key: 'c', text: row.answer_c },
      { key: 'd', text: row.answer_d },
    ] as const
  ).filter((answer) => answer.text !== '');

/** What a question shows besides lettered answers: an ordering's items, a matching's two sides. */
const itemsOf = (exam: { id: number }, row: QuestionRow) => {
  const settings = row.settings;
  if (settings?.kind === 'ordering')
    return { items: itemsInExamOrder(exam.id, row.id, settings.items), prompts: [] };
  if (settings?.kind === 'matching')
    return {
      items: itemsInExamOrder(
        exam.id,
        row.id,
        settings.pairs.map((pair) => pair.right),
      ),
      prompts: settings.pairs.map((pair) => pair.left),
    };
  return { items: [], prompts: [] };
};

/** A question's picture as card pictures come: the display copy and the thumbnail, or nulls. */
export const pictureOf = (key: string | null, storage: MediaStorage) => ({
  picture_url: key ? storage.url(key) : null,
  picture_thumbnail_url: key ? storage.url(thumbnailKey(key)) : null,
});

export const toTestQuestion = (row: QuestionRow, storage: MediaStorage): TestQuestion => ({
  id: row.id,
  test: row.test_id,
  position: row.position,
  kind: row.kind,
  settings: row.settings,
  question_text: row.question_text,
  answer_a: row.answer_a,
  answer_b: row.answer_b,
  answer_c: optional(row.answer_c),
  answer_d: optional(row.answer_d),
  answers: givenAnswers(row).map((answer) => answer.text),
  correct_answer: row.correct_answer,
  score_value: row.score_value,
  ...pictureOf(row.picture, storage),
});

const thresholdsOf = (row: TestRow | ExamRow) => ({
  excellent_score_value: row.excellent_score,
  very_good_score_value: row.very_good_score,
  good_score_value: row.good_score,
  satisfy_score_value: row.satisfy_score,
  fail_score_value: row.fail_score,
});

export const toSchoolTest = (row: TestRow): SchoolTest => ({
  id: row.id,
  name: row.name,
  description: row.description,
  ...thresholdsOf(row),
  created_by: row.created_by_id,
  date_created: isoTime(row.created_at),
  date_modified: isoTime(row.updated_at),
  questions_count: row.questions_count,
  total_score: row.total_score,
  exams_count: row.exams_count,
  is_locked: row.is_locked,
});

export const toSchoolTestDetail = (
  { test, questions }: { test: TestRow; questions: QuestionRow[] },
  storage: MediaStorage,
): SchoolTestDetail => ({
  ...toSchoolTest(test),
  questions: questions.map((question) => toTestQuestion(question, storage)),
});

export const toTestChoice = (row: {
  id: number;
  name: string;
  questions_count: number;
  total_score: number;
  excellent_score: number;
}): TestChoice => ({
  id: row.id,
  name: row.name,
  questions_count: row.questions_count,
  total_score: row.total_score,
  excellent_score_value: row.excellent_score,
});

export type Side = 'teacher' | 'student';

const person = (id: number, first: string, last: string, avatar: string | null, storage: MediaStorage) => ({
  id,
  first_name: first,
  last_name: last,
  avatar_url: avatar ? storage.url(avatar) : null,
});

/** When the student sees their score and grade: at completion, or at the review when the exam says so. */
export const resultsMoment = <T>(row: {
  show_results_after_end: boolean;
  review_at: T;
  completed_at: T | null;
}) => (row.show_results_after_end ? row.review_at : row.completed_at);
const resultsAt = (row: ExamRow) => {
  const at = resultsMoment(row);
  return at === null ? null : isoTime(at);
};

/** The review (questions with their correct answers) opens for the student once every classmate's time is up. */
const reviewOpen = (row: ExamRow, now: Date) => now.getTime() >= new Date(row.review_at).getTime();

export const toExam = (row: ExamRow, now: Date, side: Side, storage: MediaStorage): Exam => {
  const results = resultsAt(row);
  const shown =
    side === 'teacher' ||
    (row.completed_at !== null && (!row.show_results_after_end || reviewOpen(row, now)));
  return {
    id: row.id,
    school_test: { id: row.test_id, name: row.test_name, description: row.test_description },
    student: person(
      row.student_id,
      row.student_first_name,
      row.student_last_name,
      row.student_avatar,
      storage,
    ),
    teacher: person(
      row.teacher_id,
      row.teacher_first_name,
      row.teacher_last_name,
      row.teacher_avatar,
      storage,
    ),
    start_exam_at: isoTime(row.start_at),
    end_exam_at: isoTime(row.end_at),
    extra_minutes: row.extra_minutes,
    ends_at: isoTime(row.ends_at),
    is_exam_started: row.started_at !== null,
    started_at: row.started_at ? isoTime(row.started_at) : null,
    completed_at: row.completed_at ? isoTime(row.completed_at) : null,
    status: statusOf(row, now),
    answers_count: row.answers_count,
    questions_count: row.questions_count,
    total_score: row.total_score,
    score: shown ? row.score : null,
    grade: shown ? (row.grade as Grade | null) : null,
    shuffle_questions: row.shuffle_questions,
    show_results_after_end: row.show_results_after_end,
    leave_completes: row.leave_completes,
    time_limit_minutes: row.time_limit_minutes,
    results_at: results,
    assignment: row.assignment_id,
    date_created: isoTime(row.created_at),
    now: now.toISOString(),
  };
};

export const toExamAssignment = (row: AssignmentRow): ExamAssignment => ({
  id: row.id,
  school_test: { id: row.test_id, name: row.test_name },
  target: { kind: row.target_kind, id: row.target_id, name: row.target_name },
  start_exam_at: isoTime(row.start_at),
  end_exam_at: isoTime(row.end_at),
  shuffle_questions: row.shuffle_questions,
  show_results_after_end: row.show_results_after_end,
  leave_completes: row.leave_completes,
  time_limit_minutes: row.time_limit_minutes,
  students_count: row.students_count,
  started_count: row.started_count,
  completed_count: row.completed_count,
  date_created: isoTime(row.created_at),
});

const toExamEvent = (row: EventRow): ExamEvent => ({
  id: row.id,
  kind: row.kind,
  at: isoTime(row.at),
  actor:
    row.actor_id === null
      ? null
      : { id: row.actor_id, first_name: row.actor_first_name ?? '', last_name: row.actor_last_name ?? '' },
  minutes: row.minutes,
});

export const toExamDetail = (
  {
    exam,
    questions,
    events,
    now,
    side,
  }: { exam: ExamRow; questions: ExamQuestionRow[]; events: EventRow[]; now: Date; side: Side },
  storage: MediaStorage,
): ExamDetail => ({
  ...toExam(exam, now, side, storage),
  thresholds: thresholdsOf(exam),
  // The student sees the correct answers only once the review is open: never while a classmate may still answer.
  questions:
    side === 'teacher' || reviewOpen(exam, now)
      ? questions.map((question) => ({
          id: question.id,
          position: question.position,
          kind: question.kind,
          question_text: question.question_text,
          ...pictureOf(question.picture, storage),
          // In the student's order with the letters they saw, beside the keys of the test.
          answers: answersInExamOrder(exam, question.id, givenAnswers(question)),
          ...itemsOf(exam, question),
          correct_answer: question.correct_answer,
          settings: question.settings,
          student_answer: question.student_answer,
          student_response: question.student_response,
          points: question.points,
          is_correct: question.points === question.score_value,
          score_value: question.score_value,
        }))
      : [],
  events: events.map(toExamEvent),
});

export const toExamLive = (
  {
    now,
    test,
    sittings,
    sitting,
    summary,
    rows,
  }: {
    now: Date;
    test: TestRow;
    sittings: SittingRow[];
    sitting: { startAt: Date; endAt: Date } | null;
    summary: SittingSummaryRow | null;
    rows: LiveRow[];
  },
  storage: MediaStorage,
): Omit<ExamLive, 'count' | 'next' | 'previous' | 'results'> & { count: number; rows: ExamLiveRow[] } => ({
  server_time: now.toISOString(),
  test: {
    id: test.id,
    name: test.name,
    questions_count: test.questions_count,
    total_score: test.total_score,
  },
  sittings: sittings.map((row) => ({
    start_exam_at: isoTime(row.start_at),
    end_exam_at: isoTime(row.end_at),
    exams_count: row.exams_count,
    ends_at: isoTime(row.ends_at),
  })),
  sitting: sitting ? { start_exam_at: isoTime(sitting.startAt), end_exam_at: isoTime(sitting.endAt) } : null,
  count: summary?.count ?? 0,
  summary: {
    not_started: summary?.not_started ?? 0,
    in_progress: summary?.in_progress ?? 0,
    away: summary?.away ?? 0,
    completed: summary?.completed ?? 0,
    missed: summary?.missed ?? 0,
  },
  rows: rows.map((row) => {
    const status = statusOf(row, now);
    return {
      id: row.id,
      student: person(
        row.student_id,
        row.student_first_name,
        row.student_last_name,
        row.student_avatar,
        storage,
      ),
      status,
      answers_count: row.answers_count,
      started_at: row.started_at ? isoTime(row.started_at) : null,
      completed_at: row.completed_at ? isoTime(row.completed_at) : null,
      completed_by: row.completed_by,
      last_seen_at: row.last_seen_at ? isoTime(row.last_seen_at) : null,
      away: status === 'in_progress' && row.away,
      times_left: row.times_left,
      extra_minutes: row.extra_minutes,
      ends_at: isoTime(row.ends_at),
      score: row.score,
      grade: row.grade as Grade | null,
    };
  }),
});

export const toExamTaking = (
  { exam, questions, now }: { exam: ExamRow; questions: ExamQuestionRow[]; now: Date },
  storage: MediaStorage,
): ExamTaking => {
  const ordered = questionsInExamOrder(exam, questions);
  return {
    exam: {
      id: exam.id,
      name: exam.test_name,
      is_exam_started: exam.started_at !== null,
      start_exam_at: isoTime(exam.start_at),
      end_exam_at: isoTime(exam.end_at),
      ends_at: isoTime(exam.ends_at),
      started_at: exam.started_at ? isoTime(exam.started_at) : null,
      time_limit_minutes: exam.time_limit_minutes,
      leave_completes: exam.leave_completes,
      server_time: now.toISOString(),
    },
    // Never the correct answer: the student is taking the exam.
    questions: ordered.map((question) => ({
      id: question.id,
      kind: question.kind,
      question_text: question.question_text,
      ...pictureOf(question.picture, storage),
      answers: answersInExamOrder(exam, question.id, givenAnswers(question)),
      ...itemsOf(exam, question),
      score_value: question.score_value,
      student_answer: question.student_answer,
      student_response: question.student_response,
    })),
  };
};

export const toExamSummary = (row: SummaryRow): ExamSummary => ({
  count: row.count,
  by_status: {
    not_started: row.not_started,
    in_progress: row.in_progress,
    completed: row.completed,
    missed: row.missed,
  },
  by_grade: { '2': row.g2, '3': row.g3, '4': row.g4, '5': row.g5, '6': row.g6 },
  average_score: row.average_score === null ? null : Number(row.average_score),
  average_grade: row.average_grade === null ? null : Number(row.average_grade),
});
