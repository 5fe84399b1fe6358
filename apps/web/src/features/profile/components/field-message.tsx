import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A short error under a control that is not a form field (announced as it appears). */
export function FieldMessage({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="var(--mantine-color-error)" role="alert" ta="center" maw={260}>
      {children}
    </Text>
  );
}
