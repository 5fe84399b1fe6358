import type { ExamDetail, ExamTaking } from '@flashcards/contract';

/** Exams as the server answers them, for the page tests. */
export const teacher = { id: 1, first_name: 'Teodora', last_name: 'Marinova', avatar_url: null };
export const student = { id: 2, first_name: 'Ana', last_name: 'Stoyanova', avatar_url: null };

export const examDetail = (fields: Partial<ExamDetail> = {}): ExamDetail => ({
  id: 9,
  school_test: { id: 4, name: 'Fractions', description: '' },
  student,
  teacher,
  start_exam_at: '2026-11-24T09:00:00.000Z',
  end_exam_at: '2026-11-24T10:00:00.000Z',
  extra_minutes: 0,
  ends_at: '2026-11-24T10:00:00.000Z',
  is_exam_started: true,
  started_at: '2026-11-24T09:05:00.000Z',
  completed_at: '2026-11-24T09:30:00.000Z',
  status: 'completed',
  answers_count: 2,
  questions_count: 3,
  total_score: 10,
  score: 5,
  grade: 5,
  shuffle_questions: false,
  show_results_after_end: false,
  leave_completes: false,
  time_limit_minutes: null,
  results_at: '2026-11-24T09:30:00.000Z',
  assignment: null,
  date_created: '2026-11-20T09:00:00.000Z',
  now: '2026-11-24T09:10:00.000Z',
  thresholds: {
    excellent_score_value: 9,
    very_good_score_value: 5,
    good_score_value: 4,
    satisfy_score_value: 3,
    fail_score_value: 0,
  },
  questions: [],
  events: [],
  ...fields,
});

const answers = (...texts: string[]) =>
  texts.map((text, index) => {
    const key = (['a', 'b', 'c', 'd'] as const)[index] ?? 'a';
    return { key, shown_key: key, text };
  });

export const reviewQuestions: ExamDetail['questions'] = [
  {
    id: 31,
    position: 1,
    kind: 'single',
    question_text: '1/2 + 1/4 = ?',
    picture_url: null,
    picture_thumbnail_url: null,
    answers: answers('3/4', '2/6'),
    correct_answer: 'a',
    student_answer: 'a',
    is_correct: true,
    score_value: 2,
    items: [],
    prompts: [],
    settings: null,
    student_response: null,
    points: 2,
  },
  {
    id: 32,
    position: 2,
    kind: 'single',
    question_text: '2/3 of 9 = ?',
    picture_url: null,
    picture_thumbnail_url: null,
    answers: answers('3', '6', '9'),
    correct_answer: 'b',
    student_answer: 'c',
    is_correct: false,
    score_value: 3,
    items: [],
    prompts: [],
    settings: null,
    student_response: null,
    points: 0,
  },
  {
    id: 33,
    position: 3,
    kind: 'single',
    question_text: '1/5 as a decimal?',
    picture_url: null,
    picture_thumbnail_url: null,
    answers: answers('0.5', '0.2', '0.15', '5'),
    correct_answer: 'b',
    student_answer: null,
    is_correct: false,
    score_value: 5,
    items: [],
    prompts: [],
    settings: null,
    student_response: null,
    points: 0,
  },
];

export const taking = (
  fields: Partial<ExamTaking['exam']> = {},
  saved: (string | null)[] = [],
): ExamTaking => ({
  exam: {
    id: 9,
    name: 'Fractions',
    is_exam_started: true,
    start_exam_at: '2026-11-24T09:00:00.000Z',
    end_exam_at: '2026-11-24T10:00:00.000Z',
    ends_at: '2026-11-24T10:00:00.000Z',
    started_at: '2026-11-24T09:05:00.000Z',
    time_limit_minutes: null,
    leave_completes: false,
    server_time: '2026-11-24T09:10:00.000Z',
    ...fields,
  },
  questions: reviewQuestions.map((question, index) => ({
    id: question.id,
    kind: question.kind,
    question_text: question.question_text,
    picture_url: null,
    picture_thumbnail_url: null,
    answers: question.answers,
    items: [],
    prompts: [],
    student_response: null,
    score_value: question.score_value,
    student_answer: (saved[index] ?? null) as ExamTaking['questions'][number]['student_answer'],
  })),
});
