import { describe, expect, it } from 'vitest';
import { examDetail } from './exam-fixtures';
import { examIdFrom, resultsHidden, studentActionOf } from './exam-state';

const at = (iso: string) => Date.parse(iso);

describe("the student's action on an exam", () => {
  const waiting = examDetail({ status: 'not_started', score: null, grade: null, results_at: null });

  it('waits for the window, starts inside it, and is closed after it', () => {
    expect(studentActionOf(waiting, at('2026-11-24T08:59:59Z'))).toEqual({
      kind: 'opensAt',
      at: '2026-11-24T09:00:00.000Z',
    });
    expect(studentActionOf(waiting, at('2026-11-24T09:00:00Z'))).toEqual({ kind: 'start' });
    expect(studentActionOf(waiting, at('2026-11-24T10:00:00Z'))).toEqual({ kind: 'closed' });
  });

  it('continues an exam in progress until its end, extra time included', () => {
    const going = examDetail({
      status: 'in_progress',
      score: null,
      grade: null,
      ends_at: '2026-11-24T10:15:00Z',
    });
    expect(studentActionOf(going, at('2026-11-24T10:10:00Z'))).toEqual({ kind: 'continue' });
    expect(studentActionOf(going, at('2026-11-24T10:15:00Z')).kind).toBe('resultsLater');
  });

  it('shows the score and grade when the server gives them, else that they come after the end', () => {
    expect(studentActionOf(examDetail(), at('2026-11-24T09:40:00Z'))).toEqual({
      kind: 'result',
      score: 5,
      total: 10,
      grade: 5,
    });
    const hidden = examDetail({ score: null, grade: null, results_at: '2026-11-24T10:00:00Z' });
    expect(studentActionOf(hidden, at('2026-11-24T09:40:00Z'))).toEqual({
      kind: 'resultsLater',
      at: '2026-11-24T10:00:00Z',
    });
    expect(resultsHidden(hidden)).toBe(true);
    expect(resultsHidden(examDetail())).toBe(false);
    expect(resultsHidden(waiting)).toBe(false);
  });

  it('reads an exam id from the address', () => {
    expect(examIdFrom('12')).toBe(12);
    expect(examIdFrom('0')).toBeNull();
    expect(examIdFrom('1e3')).toBeNull();
    expect(examIdFrom(undefined)).toBeNull();
  });
});
