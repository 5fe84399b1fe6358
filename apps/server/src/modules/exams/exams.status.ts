import type { ExamStatus } from '@flashcards/contract';

const time = (value: Date | string) => new Date(value).getTime();

/** Where an exam is at `now` (docs/api.md "Exams"); an exam past its end is completed before it is read. */
export const statusOf = (
  exam: { completed_at: Date | string | null; started_at: Date | string | null; ends_at: Date | string },
  now: Date,
): ExamStatus => {
  if (exam.completed_at !== null) return 'completed';
  if (exam.started_at !== null) return 'in_progress';
  return now.getTime() >= time(exam.ends_at) ? 'missed' : 'not_started';
};
