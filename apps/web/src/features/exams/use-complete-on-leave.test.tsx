import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Leaving, useCompleteOnLeave } from './use-complete-on-leave';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function ExamPage({ active, complete }: { active: boolean; complete: (how: Leaving) => void }) {
  useCompleteOnLeave(active, complete);
  return <p>exam</p>;
}

const tick = () => act(() => vi.runAllTimers());

describe('leaving the exam page completes the exam', () => {
  it('completes once when the page unmounts, not when strict mode re-runs its effects', async () => {
    vi.useFakeTimers();
    const complete = vi.fn();
    const page = render(
      <StrictMode>
        <ExamPage active complete={complete} />
      </StrictMode>,
    );
    await tick();
    expect(complete).not.toHaveBeenCalled();
    page.rerender(
      <StrictMode>
        <ExamPage active complete={complete} />
      </StrictMode>,
    );
    await tick();
    expect(complete).not.toHaveBeenCalled();
    page.unmount();
    await tick();
    expect(complete).toHaveBeenCalledTimes(1);
    expect(complete).toHaveBeenCalledWith('navigation');
  });

  it('completes once when the tab goes away, and not again when the page then unmounts', async () => {
    vi.useFakeTimers();
    const complete = vi.fn();
    const page = render(<ExamPage active complete={complete} />);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(complete).toHaveBeenCalledTimes(1);
    expect(complete).toHaveBeenCalledWith('unload');
    page.unmount();
    await tick();
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the exam ends on the page itself, nor before it starts', async () => {
    vi.useFakeTimers();
    const complete = vi.fn();
    const page = render(<ExamPage active={false} complete={complete} />);
    page.rerender(<ExamPage active complete={complete} />);
    page.rerender(<ExamPage active={false} complete={complete} />);
    await tick();
    window.dispatchEvent(new Event('pagehide'));
    page.unmount();
    await tick();
    expect(complete).not.toHaveBeenCalled();
  });
});
