import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import '../../lib/i18n';
import { useConfirm } from './use-confirm';

afterEach(cleanup);

interface Item {
  id: number;
  name: string;
}

/** The hook over a real mutation whose call the test answers. */
const setup = (run: (id: number) => Promise<void>) => {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const done = vi.fn();
  const hook = renderHook(
    () => useConfirm(useMutation({ mutationFn: run }), { variables: (item: Item) => item.id, done }),
    { wrapper },
  );
  return { hook, done };
};

const first = { id: 4, name: 'Fractions' };

describe('useConfirm', () => {
  it('opens on ask, runs the mutation on the item when confirmed, then reports and closes', async () => {
    const run = vi.fn(async (_id: number) => {});
    const { hook, done } = setup(run);
    expect(hook.result.current.dialog.opened).toBe(false);
    act(() => hook.result.current.ask(first));
    expect(hook.result.current.dialog.opened).toBe(true);
    expect(hook.result.current.target).toEqual(first);
    act(() => hook.result.current.dialog.onConfirm());
    await waitFor(() => expect(hook.result.current.dialog.opened).toBe(false));
    expect(run.mock.calls[0]?.[0]).toBe(4);
    expect(done).toHaveBeenCalledWith(first);
    // The item stays while the dialog fades out.
    expect(hook.result.current.target).toEqual(first);
  });

  it('keeps the dialog open with the refusal, and clears it when asked again', async () => {
    const { hook, done } = setup(async () => {
      throw new ApiError(409, { detail: 'It is in use.' });
    });
    act(() => hook.result.current.ask(first));
    act(() => hook.result.current.dialog.onConfirm());
    await waitFor(() => expect(hook.result.current.dialog.error).toBe('It is in use.'));
    expect(hook.result.current.dialog.opened).toBe(true);
    expect(done).not.toHaveBeenCalled();
    act(() => hook.result.current.dialog.onClose());
    act(() => hook.result.current.ask({ id: 5, name: 'Decimals' }));
    expect(hook.result.current.dialog.error).toBeNull();
    expect(hook.result.current.target?.id).toBe(5);
  });
});
