import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useExamPresence } from './use-exam-presence';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  visibility = 'visible';
});

function ExamPage({ active, send }: { active: boolean; send: (id: number, state: string) => void }) {
  useExamPresence(7, active, send);
  return <p>exam</p>;
}

const show = (state: DocumentVisibilityState) =>
  act(() => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  });
const states = (send: ReturnType<typeof vi.fn>) => send.mock.calls.map(([, state]) => state);

describe('the exam page tells the teacher where the student is', () => {
  it('says here as it opens and every 30 s while shown, away while hidden, and here again', async () => {
    vi.useFakeTimers();
    const send = vi.fn();
    render(<ExamPage active send={send} />);
    expect(send).toHaveBeenCalledWith(7, 'here');
    await act(() => vi.advanceTimersByTime(30_000));
    expect(states(send)).toEqual(['here', 'here']);
    show('hidden');
    expect(states(send)).toEqual(['here', 'here', 'away']);
    // No heartbeat while hidden.
    await act(() => vi.advanceTimersByTime(60_000));
    expect(states(send)).toEqual(['here', 'here', 'away']);
    show('visible');
    expect(states(send).at(-1)).toBe('here');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(states(send).at(-1)).toBe('away');
  });

  it('says away when the student goes to another page of the app, not when strict mode re-runs it', async () => {
    vi.useFakeTimers();
    const send = vi.fn();
    const page = render(
      <StrictMode>
        <ExamPage active send={send} />
      </StrictMode>,
    );
    await act(() => vi.advanceTimersByTime(10));
    expect(states(send)).not.toContain('away');
    page.unmount();
    await act(() => vi.advanceTimersByTime(10));
    expect(states(send).at(-1)).toBe('away');
  });

  it('says nothing once the attempt is over on the page', async () => {
    vi.useFakeTimers();
    const send = vi.fn();
    const page = render(<ExamPage active send={send} />);
    page.rerender(<ExamPage active={false} send={send} />);
    send.mockClear();
    await act(() => vi.advanceTimersByTime(120_000));
    show('hidden');
    expect(send).not.toHaveBeenCalled();
  });
});
