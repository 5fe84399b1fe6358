import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A confirmation that something was done, read out politely. */
export function Notice({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      title={title}
      icon={<IconCircleCheck aria-hidden="true" />}
    >
      {children}
    </Alert>
  );
}
