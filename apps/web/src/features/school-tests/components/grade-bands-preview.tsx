import type { Thresholds } from '@flashcards/contract';
import { Alert, Box, Group, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeColors } from '../../../components/exam/grade-badge';
import { useFormatters } from '../../../lib/format';
import { bandsOf } from '../grade-bands';

/**
 * The grades a test's thresholds give, drawn against its total points as it is edited: a bar of bands
 * (widths by points) for the eye, and the same as a list for screen readers.
 */
export function GradeBandsPreview({ thresholds, total }: { thresholds: Thresholds; total: number }) {
  const { t } = useTranslation(['tests', 'exams']);
  const { number } = useFormatters();
  const preview = bandsOf(thresholds, total);
  const titleId = useId();
  const range = (from: number, to: number) =>
    from === to
      ? t('bands.point', { count: from, formatted: number(from) })
      : t('bands.range', { from: number(from), to: number(to) });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('bands.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('bands.total', { count: total, formatted: number(total) })}
        </Text>
        <Group gap={0} wrap="nowrap" aria-hidden="true" style={{ borderRadius: 8, overflow: 'hidden' }}>
          {preview.bands.map((band) => (
            <Box
              key={band.grade}
              bg={`${gradeColors[band.grade]}.2`}
              c="dark.9"
              py={6}
              px={4}
              ta="center"
              style={{ flexGrow: band.to - band.from + 1, flexBasis: 0, minWidth: 36 }}
              title={`${t(`exams:grade.${band.grade}`)}: ${range(band.from, band.to)}`}
            >
              <Text size="sm" fw={700} lh={1.2}>
                {band.grade}
              </Text>
              <Text size="xs" lh={1.2} truncate>
                {band.from === band.to ? number(band.from) : `${number(band.from)}–${number(band.to)}`}
              </Text>
            </Box>
          ))}
        </Group>
        <VisuallyHidden>
          <List>
            {preview.bands.map((band) => (
              <List.Item key={band.grade}>
                {t('bands.item', {
                  grade: t('exams:gradeWithNumber', {
                    name: t(`exams:grade.${band.grade}`),
                    grade: band.grade,
                  }),
                  range: range(band.from, band.to),
                })}
              </List.Item>
            ))}
          </List>
        </VisuallyHidden>
        {preview.excellentAboveTotal && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="status">
            {t('bands.excellentAboveTotal', {
              excellent: number(thresholds.excellent_score_value),
              total: number(total),
            })}
          </Alert>
        )}
        {preview.outOfOrder && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="status">
            {t('bands.outOfOrder')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
