import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

/**
 * One panel of the home: a named section with a link to the page that has all of it, and what to do
 * next when it is empty.
 */
export function HomeSection({
  title,
  icon,
  more,
  empty,
  children,
}: {
  title: string;
  icon: ReactNode;
  /** The page with everything this panel shows a part of. */
  more?: { to: string; label: string };
  /** Shown instead of the content when there is nothing to show. */
  empty?: string;
  children?: ReactNode;
}) {
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
        <Group justify="space-between" gap="xs" align="center">
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
          </Group>
          {more && (
            <Anchor component={Link} to={more.to} size="sm" fw={600}>
              {more.label}
            </Anchor>
          )}
        </Group>
        {empty !== undefined ? (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/** A list of a panel's items, each a plain block: the list is named by its section. */
export function HomeList({ children }: { children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
