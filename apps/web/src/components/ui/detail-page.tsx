import { Anchor, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hasStatus } from '../../lib/api-errors';
import { RequestError } from './request-error';

/** The way back from a detail page to the list it was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
    >
      <IconArrowLeft size={16} aria-hidden="true" />
      {children}
    </Anchor>
  );
}

/** A titled part of a detail page; the heading names the section for assistive technology. */
export function DetailSection({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Labelled facts as a description list, in two columns from small screens up. */
export function FactList({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <Text component="dt" size="sm" c="dimmed">
            {fact.label}
          </Text>
          <Text component="dd" m={0}>
            {fact.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** QueryState's `error` for a detail page: its "not found" page on a 404, else the failed load with a retry. */
export const missingOn404 =
  (missing: ReactNode) =>
  (error: unknown, retry: () => void): ReactNode =>
    hasStatus(error, 404) ? missing : <RequestError error={error} onRetry={retry} />;
