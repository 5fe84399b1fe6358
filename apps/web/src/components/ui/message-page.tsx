import { Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface MessagePageProps {
  icon: ReactNode;
  title: string;
  /** The message itself. */
  children: ReactNode;
  /** The way on: a button or a link. */
  action: ReactNode;
}

/** A centred page that tells the visitor one thing and offers one way on (404, not available yet, errors). */
export function MessagePage({ icon, title, children, action }: MessagePageProps) {
  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={1}>{title}</Title>
      {children}
      {action}
    </Stack>
  );
}
