import {
  EXAM_MAX_TIME_LIMIT_MINUTES,
  type ExamAssignmentInput,
  type ExamCreateInput,
} from '@flashcards/contract';

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/**
 * A `datetime-local` value ("2026-12-01T08:30") read in the user's time zone, as an ISO string with that
 * zone's offset on that day ("2026-12-01T08:30:00+02:00"); null when it is blank or not a moment.
 */
export function localToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds = '00'] = match;
  const moment = new Date(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
  );
  if (Number.isNaN(moment.getTime())) return null;
  const offset = -moment.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${year}-${month}-${day}T${hours}:${minutes}:${seconds}${zone}`;
}

/** A moment as a `datetime-local` value in the user's time zone ("2026-12-01T08:30"). */
export function isoToLocal(moment: Date): string {
  return (
    `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}` +
    `T${pad(moment.getHours())}:${pad(moment.getMinutes())}`
  );
}

export type AssignTarget = 'students' | 'class' | 'group';

export type AssignDraft = {
  testId: number | null;
  /**
   * Students chosen one by one (each gets an exam of their own), or a class or one of my groups (one
   * assignment that follows who is in it).
   */
  target: AssignTarget;
  studentIds: number[];
  classId: number | null;
  groupId: number | null;
  start: string;
  end: string;
  shuffle: boolean;
  resultsAfterEnd: boolean;
  /** The spec's strict rule: leaving the exam page completes it. */
  leaveCompletes: boolean;
  /** Minutes each attempt may last, as typed; blank for none (the window's end). */
  timeLimit: number | '';
};

export type AssignProblem =
  | 'test'
  | 'students'
  | 'class'
  | 'group'
  | 'start'
  | 'end'
  | 'endBeforeStart'
  | 'timeLimit';

const validLimit = (value: number | '') =>
  value === '' || (Number.isInteger(value) && value >= 1 && value <= EXAM_MAX_TIME_LIMIT_MINUTES);

/** What is missing or wrong in the assign form, first problem first; none when it can be sent. */
export function assignProblems(draft: AssignDraft): AssignProblem[] {
  const problems: AssignProblem[] = [];
  if (draft.testId === null) problems.push('test');
  if (draft.target === 'students' && draft.studentIds.length === 0) problems.push('students');
  if (draft.target === 'class' && draft.classId === null) problems.push('class');
  if (draft.target === 'group' && draft.groupId === null) problems.push('group');
  const start = localToIso(draft.start);
  const end = localToIso(draft.end);
  if (!start) problems.push('start');
  if (!end) problems.push('end');
  if (start && end && Date.parse(end) <= Date.parse(start)) problems.push('endBeforeStart');
  if (!validLimit(draft.timeLimit)) problems.push('timeLimit');
  return problems;
}

/** The test, the window with the user's offset and the options: what both calls take alike. */
function examFields(draft: AssignDraft) {
  const start = localToIso(draft.start);
  const end = localToIso(draft.end);
  if (assignProblems(draft).length > 0 || draft.testId === null || !start || !end) return null;
  return {
    school_test: draft.testId,
    start_at: start,
    end_at: end,
    shuffle_questions: draft.shuffle,
    show_results_after_end: draft.resultsAfterEnd,
    leave_completes: draft.leaveCompletes,
    ...(draft.timeLimit === '' ? {} : { time_limit_minutes: draft.timeLimit }),
  };
}

/** The body of `POST exam/exams/` for students chosen one by one; null for a class or a group. */
export function assignBody(draft: AssignDraft): ExamCreateInput | null {
  const fields = examFields(draft);
  if (!fields || draft.target !== 'students') return null;
  const { school_test, ...rest } = fields;
  return { school_test, student: draft.studentIds, ...rest };
}

/** The body of `POST exam/assignments/` for a class or a group; null for students chosen one by one. */
export function assignmentBody(draft: AssignDraft): ExamAssignmentInput | null {
  const fields = examFields(draft);
  if (!fields) return null;
  const { school_test, ...rest } = fields;
  if (draft.target === 'class' && draft.classId !== null)
    return { school_test, school_class: draft.classId, ...rest };
  if (draft.target === 'group' && draft.groupId !== null)
    return { school_test, user_group: draft.groupId, ...rest };
  return null;
}
