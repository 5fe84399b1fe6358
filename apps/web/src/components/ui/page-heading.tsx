import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title and the sentence that says what the page is for. */
export function PageHeading({ title, intro }: { title: string; intro: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      <Text size="lg">{intro}</Text>
    </Stack>
  );
}

/** Stands in for a list of cards while it loads; `label` names what is loading. */
export function CardListSkeleton({
  label,
  height,
  count = 2,
}: {
  label: string;
  height: number;
  count?: number;
}) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} h={height} radius="lg" />
      ))}
    </Stack>
  );
}
