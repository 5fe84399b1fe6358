import type { ReportRow } from '@flashcards/contract';
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { rowKey, rowName } from '../report-rows';

/** A student's categories and learning paths with their cards, learned cards and answers per mode. */
export function ReportTable({
  rows,
  caption,
  onDetails,
}: {
  rows: readonly ReportRow[];
  caption: string;
  onDetails: (row: ReportRow) => void;
}) {
  const { t } = useTranslation('reports');
  const { number, date } = useFormatters();
  const numeric = [
    { key: 'cards', value: (row: ReportRow) => row.cards_len },
    { key: 'learnedVerbal', value: (row: ReportRow) => row.learned_cards_verbal_len },
    { key: 'learnedTyping', value: (row: ReportRow) => row.learned_cards_typing_len },
    { key: 'rightVerbal', value: (row: ReportRow) => row.total_guesses_score },
    { key: 'wrongVerbal', value: (row: ReportRow) => row.total_incorrect_guesses_score },
    { key: 'rightTyping', value: (row: ReportRow) => row.total_guesses_score_typing },
    { key: 'wrongTyping', value: (row: ReportRow) => row.total_incorrect_guesses_score_typing },
  ] as const;

  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <caption style={{ captionSide: 'top', textAlign: 'start' }}>
          <Text fw={600} component="span">
            {caption}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.name')}</Table.Th>
            {numeric.map((column) => (
              <Table.Th scope="col" key={column.key} ta="end">
                {t(`columns.${column.key}`)}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>{t('report.details')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = rowName(row);
            return (
              <Table.Tr key={rowKey(row)}>
                <Table.Th scope="row" fw={400}>
                  <Stack gap={2}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'break-word' }}>
                      {name}
                    </Text>
                    <Group gap={6}>
                      {row.learning_path && (
                        <Badge size="xs" color="grape.8" variant="filled">
                          {t('report.path')}
                        </Badge>
                      )}
                      <Badge size="xs" color="gray" variant="light">
                        {t(row.type_of_cards === 'picture' ? 'report.picture' : 'report.text')}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {row.learning_path && `${t('report.pathOf', { category: row.name })} · `}
                      {t('report.created', { date: date(row.date_created) })}
                    </Text>
                    {row.learning_path?.test && (
                      <Text size="xs">
                        {row.learning_path.test.score !== null && row.learning_path.test.grade !== null
                          ? t('report.pathTest', {
                              name: row.learning_path.test.name,
                              score: number(row.learning_path.test.score),
                              total: number(row.learning_path.test.total_score),
                              grade: number(row.learning_path.test.grade),
                            })
                          : t('report.pathTestPending', { name: row.learning_path.test.name })}
                      </Text>
                    )}
                  </Stack>
                </Table.Th>
                {numeric.map((column) => (
                  <Table.Td key={column.key} ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {number(column.value(row))}
                  </Table.Td>
                ))}
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconListDetails size={14} aria-hidden="true" />}
                    onClick={() => onDetails(row)}
                    aria-label={t('report.detailsOf', { name })}
                  >
                    {t('report.details')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
