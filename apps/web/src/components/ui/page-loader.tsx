import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with a visible, announced label. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
