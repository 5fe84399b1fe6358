import type { SchoolDetails } from '@flashcards/contract';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { SchoolLogo } from './school-logo';
import { SchoolName } from './school-name';
import { SeatsBar } from './seats-bar';

/** The principal's view of the school: its face, the seats used and the counts of each role. */
export function SchoolCard({ school }: { school: SchoolDetails }) {
  const { t } = useTranslation('school');
  const { number } = useFormatters();
  const headingId = useId();
  const count = (key: 'students' | 'teachers' | 'principals', value: number) =>
    t(`card.${key}`, { count: value, formatted: number(value) });
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <SchoolLogo url={school.logo_url} size={72} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <SchoolName school={school} headingId={headingId} size="h3" />
            {school.website && (
              <Anchor
                href={school.website}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {school.website} <IconExternalLink size={14} aria-hidden="true" />
                <VisuallyHidden>{t('card.newTab')}</VisuallyHidden>
              </Anchor>
            )}
          </Stack>
        </Group>
        {school.description && <Text style={{ whiteSpace: 'pre-line' }}>{school.description}</Text>}
        <Stack gap={6}>
          <SeatsBar used={school.students} total={school.available_students} size="lg" />
          <Text size="sm" fw={600}>
            {t('card.freeSeats', { count: school.free_seats, formatted: number(school.free_seats) })}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Text size="sm">{count('students', school.students)}</Text>
          <Text size="sm">{count('teachers', school.teachers)}</Text>
          <Text size="sm">{count('principals', school.principals)}</Text>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
