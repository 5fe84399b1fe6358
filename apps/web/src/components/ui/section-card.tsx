import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A bordered section of a page, named by its heading for assistive technology. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
