import { describe, expect, it } from 'vitest';
import { announcementBetween, clockOffset, clockText, timeLeft } from './exam-clock';

describe("the exam's clock", () => {
  it("reads the server's clock through the offset taken when the response arrived", () => {
    const receivedAt = Date.parse('2026-11-24T10:00:00.000Z');
    // This device's clock is 90 s behind the server's.
    const offset = clockOffset('2026-11-24T10:01:30.000Z', receivedAt);
    expect(offset).toBe(90_000);
    // The exam ends at 10:30 server time: at 10:00 local (10:01:30 server) 28.5 minutes are left.
    expect(timeLeft('2026-11-24T10:30:00.000Z', offset, receivedAt)).toBe(28.5 * 60_000);
    expect(timeLeft('2026-11-24T10:30:00.000Z', offset, receivedAt + 28.5 * 60_000)).toBe(0);
    expect(timeLeft('2026-11-24T10:30:00.000Z', offset, receivedAt + 40 * 60_000)).toBe(0);
  });

  it('takes no offset from a server time it cannot read', () => {
    expect(clockOffset('not a time', 1000)).toBe(0);
  });

  it('shows minutes and seconds, and hours from an hour', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(999)).toBe('0:01');
    expect(clockText(65_000)).toBe('1:05');
    expect(clockText(59 * 60_000 + 59_000)).toBe('59:59');
    expect(clockText(3600_000 + 5 * 60_000 + 7_000)).toBe('1:05:07');
  });

  it('announces 5 and 1 minutes left once each, and nothing in between', () => {
    expect(announcementBetween(5 * 60_000 + 500, 5 * 60_000 - 500)).toBe(5);
    expect(announcementBetween(5 * 60_000 - 500, 5 * 60_000 - 1500)).toBeNull();
    expect(announcementBetween(3 * 60_000, 2 * 60_000)).toBeNull();
    expect(announcementBetween(60_000 + 200, 59_800)).toBe(1);
    expect(announcementBetween(59_800, 58_800)).toBeNull();
    // A sleeping tab that wakes past both marks says the nearer one.
    expect(announcementBetween(6 * 60_000, 30_000)).toBe(1);
  });
});
