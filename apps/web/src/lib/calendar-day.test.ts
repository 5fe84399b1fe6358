import { describe, expect, it } from 'vitest';
import { localToday } from './calendar-day';

describe('localToday', () => {
  it("takes today from the reader's calendar", () => {
    expect(localToday(new Date(2026, 0, 31, 23, 30))).toBe('2026-01-31');
    // The account's zone decides: 11:00 UTC is already the next day on Kiritimati (UTC+14).
    expect(localToday(new Date('2026-01-31T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-02-01');
    expect(localToday(new Date('2026-01-31T11:00:00Z'), 'Etc/GMT+12')).toBe('2026-01-30');
  });
});
