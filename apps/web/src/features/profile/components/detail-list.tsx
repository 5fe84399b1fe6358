import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

/** Labelled values as a description list, two columns on wider screens. */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {details.map(({ label, value }) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
