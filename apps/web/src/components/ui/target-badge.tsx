import type { AssignmentTarget } from '@flashcards/contract';
import { Badge, Group, Text } from '@mantine/core';

/** The class or group an assignment follows, its kind (`kindLabel`, in the feature's words) in a badge. */
export function TargetBadge({ target, kindLabel }: { target: AssignmentTarget; kindLabel: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="filled" color={target.kind === 'class' ? 'teal.9' : 'grape.9'}>
        {kindLabel}
      </Badge>
      <Text size="sm" fw={600}>
        {target.name}
      </Text>
    </Group>
  );
}
