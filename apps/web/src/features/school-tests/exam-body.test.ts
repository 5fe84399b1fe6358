import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AssignDraft,
  assignBody,
  assignmentBody,
  assignProblems,
  isoToLocal,
  localToIso,
} from './exam-body';

afterEach(() => {
  vi.unstubAllEnvs();
});

const draft: AssignDraft = {
  testId: 5,
  target: 'students',
  studentIds: [2, 3],
  classId: null,
  groupId: null,
  start: '2026-12-01T08:30',
  end: '2026-12-01T09:15',
  shuffle: true,
  resultsAfterEnd: false,
  leaveCompletes: false,
  timeLimit: '',
};

describe('localToIso', () => {
  it("writes the user's wall-clock time with their zone's offset on that day", () => {
    vi.stubEnv('TZ', 'Europe/Sofia');
    expect(localToIso('2026-12-01T08:30')).toBe('2026-12-01T08:30:00+02:00');
    expect(localToIso('2026-07-01T08:30')).toBe('2026-07-01T08:30:00+03:00');
    vi.stubEnv('TZ', 'America/St_Johns');
    expect(localToIso('2026-12-01T08:30')).toBe('2026-12-01T08:30:00-03:30');
    vi.stubEnv('TZ', 'UTC');
    expect(localToIso('2026-12-01T08:30')).toBe('2026-12-01T08:30:00+00:00');
  });

  it('is the same moment as the local date, and reads back as the same input value', () => {
    const iso = localToIso('2026-03-15T23:05');
    expect(iso).toMatch(/^2026-03-15T23:05:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso ?? '')).toBe(new Date(2026, 2, 15, 23, 5).getTime());
    expect(isoToLocal(new Date(Date.parse(iso ?? '')))).toBe('2026-03-15T23:05');
  });

  it('refuses blank or partial values', () => {
    expect(localToIso('')).toBeNull();
    expect(localToIso('2026-03-15')).toBeNull();
  });
});

describe('assignBody', () => {
  it('sends the chosen students, the window with offsets, and the options', () => {
    vi.stubEnv('TZ', 'Europe/Sofia');
    expect(assignBody(draft)).toEqual({
      school_test: 5,
      student: [2, 3],
      start_at: '2026-12-01T08:30:00+02:00',
      end_at: '2026-12-01T09:15:00+02:00',
      shuffle_questions: true,
      show_results_after_end: false,
      leave_completes: false,
    });
  });

  it('sends the strict leave rule and a time limit when chosen, and refuses a limit out of range', () => {
    expect(assignBody({ ...draft, leaveCompletes: true, timeLimit: 20 })).toMatchObject({
      leave_completes: true,
      time_limit_minutes: 20,
    });
    for (const timeLimit of [0, 1441, 2.5]) {
      expect(assignProblems({ ...draft, timeLimit }), String(timeLimit)).toEqual(['timeLimit']);
      expect(assignBody({ ...draft, timeLimit })).toBeNull();
    }
    expect(assignProblems({ ...draft, timeLimit: 1440 })).toEqual([]);
  });

  it('sends a class or a group alone as one assignment, with the same window and options', () => {
    vi.stubEnv('TZ', 'Europe/Sofia');
    expect(assignmentBody({ ...draft, target: 'class', classId: 7 })).toEqual({
      school_test: 5,
      school_class: 7,
      start_at: '2026-12-01T08:30:00+02:00',
      end_at: '2026-12-01T09:15:00+02:00',
      shuffle_questions: true,
      show_results_after_end: false,
      leave_completes: false,
    });
    const group = assignmentBody({ ...draft, target: 'group', groupId: 9 });
    expect(group).toMatchObject({ school_test: 5, user_group: 9 });
    expect(group).not.toHaveProperty('student');
    expect(group).not.toHaveProperty('school_class');
    expect(assignBody({ ...draft, target: 'class', classId: 7 })).toBeNull();
    expect(assignmentBody(draft)).toBeNull();
  });

  it('names what is missing and sends nothing then', () => {
    expect(assignProblems({ ...draft, testId: null, studentIds: [] })).toEqual(['test', 'students']);
    expect(assignProblems({ ...draft, target: 'group' })).toEqual(['group']);
    expect(assignProblems({ ...draft, target: 'class' })).toEqual(['class']);
    expect(assignProblems({ ...draft, end: '2026-12-01T08:30' })).toEqual(['endBeforeStart']);
    expect(assignProblems({ ...draft, start: '' })).toEqual(['start']);
    expect(assignBody({ ...draft, end: '2026-12-01T08:00' })).toBeNull();
  });
});
