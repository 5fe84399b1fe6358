import type { Exam, Grade } from '@flashcards/contract';

/** An exam id from the address, else null. */
export const examIdFrom = (value: string | undefined): number | null => {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isInteger(id) && id > 0 ? id : null;
};

/** What the student can do with an exam of their list now, or what they see of it. */
export type StudentAction =
  | { kind: 'start' }
  | { kind: 'continue' }
  | { kind: 'opensAt'; at: string }
  | { kind: 'result'; score: number; total: number; grade: Grade }
  | { kind: 'resultsLater'; at: string | null }
  | { kind: 'closed' };

/**
 * The student's action for an exam: start it inside its window, continue it while in progress, wait for
 * its opening, or see its result; a completed exam whose results wait for the end says so.
 */
export function studentActionOf(
  exam: Pick<Exam, 'status' | 'start_exam_at' | 'ends_at' | 'score' | 'grade' | 'total_score' | 'results_at'>,
  now: number,
): StudentAction {
  if (exam.score !== null && exam.grade !== null)
    return { kind: 'result', score: exam.score, total: exam.total_score, grade: exam.grade };
  const open = now >= Date.parse(exam.start_exam_at) && now < Date.parse(exam.ends_at);
  switch (exam.status) {
    case 'not_started':
      if (now < Date.parse(exam.start_exam_at)) return { kind: 'opensAt', at: exam.start_exam_at };
      return open ? { kind: 'start' } : { kind: 'closed' };
    case 'in_progress':
      return open ? { kind: 'continue' } : { kind: 'resultsLater', at: exam.results_at };
    case 'completed':
      return { kind: 'resultsLater', at: exam.results_at };
    default:
      return { kind: 'closed' };
  }
}

/** Whether the student's results are held back until the exam's end (completed, no score yet). */
export const resultsHidden = (exam: Pick<Exam, 'status' | 'score'>): boolean =>
  exam.score === null && (exam.status === 'completed' || exam.status === 'missed');
