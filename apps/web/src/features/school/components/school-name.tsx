import type { SchoolListItem } from '@flashcards/contract';
import { Badge, Group, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A school's name as its heading, with the paid badge, and its town below. */
export function SchoolName({
  school,
  headingId,
  size = 'h4',
}: {
  school: Pick<SchoolListItem, 'name' | 'is_paid' | 'town'>;
  headingId: string;
  size?: 'h3' | 'h4';
}) {
  const { t } = useTranslation('school');
  return (
    <>
      <Group gap="xs">
        <Title order={2} size={size} id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {school.name}
        </Title>
        {school.is_paid && (
          <Badge color="teal.9" variant="filled" size={size === 'h3' ? 'md' : 'sm'}>
            {t('card.paid')}
          </Badge>
        )}
      </Group>
      {school.town && (
        <Group gap={4} c="dimmed" wrap="nowrap">
          <IconMapPin size={16} aria-hidden="true" />
          <Text size="sm">{school.town}</Text>
        </Group>
      )}
    </>
  );
}
