import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useErrorMessage } from '../../lib/api-errors';

/** What a confirmation reads of a react-query mutation. */
export interface ConfirmedMutation<V> {
  mutate: (variables: V, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The ask-first flow of a change to one item of a list: `ask(item)` opens the dialog with the last
 * attempt's refusal cleared, confirming runs the mutation on the item, and success calls `done` and
 * closes. Spread `dialog` on a ConfirmModal. The item outlives the closing, so the dialog's text does
 * not empty while it fades out.
 */
export function useConfirm<T, V>(
  mutation: ConfirmedMutation<V>,
  { variables, done }: { variables: (item: T) => V; done?: (item: T) => void },
) {
  const errorMessage = useErrorMessage();
  const [target, setTarget] = useState<T | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  return {
    target,
    ask: (item: T) => {
      mutation.reset();
      setTarget(item);
      open();
    },
    dialog: {
      opened,
      onClose: close,
      onConfirm: () => {
        if (target === null) return;
        mutation.mutate(variables(target), {
          onSuccess: () => {
            done?.(target);
            close();
          },
        });
      },
      loading: mutation.isPending,
      error: mutation.isError ? errorMessage(mutation.error) : null,
    },
  };
}
