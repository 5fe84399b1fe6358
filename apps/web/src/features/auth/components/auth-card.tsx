import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The narrow, centred card every sign-in and sign-up screen sits in. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto" my="md">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {title}
        </Title>
        {intro && <Text c="dimmed">{intro}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}
