import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PracticeHeaderProps {
  /** Where "All cards" (or the catalog) leads. */
  back: { to: string; label: string };
  title: string;
  /** Badges and counts under the title. */
  children?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
}

export function PracticeHeader({ back, title, children, actions }: PracticeHeaderProps) {
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={back.to} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden="true" />
          {back.label}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0} style={{ flex: '1 1 280px' }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {children}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
