import { describe, expect, it } from 'vitest';
import { announceBetween, msLeft, secondsShown, serverOffset } from './live-clock';

describe('the server clock', () => {
  it('is the server time less this device’s time when the state arrived', () => {
    const received = Date.parse('2026-11-28T10:00:00.000Z');
    expect(serverOffset('2026-11-28T10:00:03.000Z', received)).toBe(3000);
    expect(serverOffset('2026-11-28T09:59:58.500Z', received)).toBe(-1500);
    expect(serverOffset('not a time', received)).toBe(0);
  });

  it('counts down to the closing time on the server’s clock, whatever the device says', () => {
    // The device is 10 s behind the server: 20 s after opening on the server is 10 s on the device.
    const device = Date.parse('2026-11-28T10:00:00.000Z');
    const offset = 10_000;
    expect(msLeft('2026-11-28T10:00:20.000Z', offset, device)).toBe(10_000);
    expect(msLeft('2026-11-28T10:00:20.000Z', offset, device + 12_000)).toBe(0);
    expect(msLeft('garbage', offset, device)).toBe(0);
  });

  it('shows whole seconds rounded up, zero only at the end', () => {
    expect(secondsShown(20_000)).toBe(20);
    expect(secondsShown(19_001)).toBe(20);
    expect(secondsShown(1)).toBe(1);
    expect(secondsShown(0)).toBe(0);
  });

  it('announces the last seconds once, as the countdown crosses them', () => {
    expect(announceBetween(5_200, 4_950)).toBe(true);
    expect(announceBetween(4_950, 4_700)).toBe(false);
    expect(announceBetween(9_000, 5_000)).toBe(true);
    // A reading that jumps to the end says nothing: the reveal says it.
    expect(announceBetween(6_000, 0)).toBe(false);
  });
});
