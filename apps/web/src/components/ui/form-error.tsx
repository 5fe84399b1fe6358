import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An error about the whole form (not one field); announced as it appears. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
      {children}
    </Alert>
  );
}
