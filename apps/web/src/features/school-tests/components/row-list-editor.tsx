import { Button, Group, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/exam-texts';

/**
 * A list of rows edited in place, with a hint above and buttons to add a row at the end and remove the last
 * one, within `min`..`max` rows: the pairs of a matching question, the items of an ordering one.
 */
export function RowListEditor<Row>({
  rows,
  onChange,
  min,
  max,
  blank,
  hint,
  renderRow,
}: {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  min: number;
  max: number;
  /** The row added by the add button. */
  blank: Row;
  hint: string;
  /** The fields of one row; `set` replaces that row. */
  renderRow: (row: Row, index: number, set: (row: Row) => void) => ReactNode;
}) {
  const { t } = useTranslation('exams');
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and only added or removed at the end
        <Fragment key={index}>
          {renderRow(row, index, (next) => onChange(rows.map((old, i) => (i === index ? next : old))))}
        </Fragment>
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          size="xs"
          disabled={rows.length >= max}
          onClick={() => onChange([...rows, blank])}
        >
          {t('kinds.addRow')}
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={rows.length <= min}
          onClick={() => onChange(rows.slice(0, -1))}
        >
          {t('kinds.removeRow')}
        </Button>
      </Group>
    </Stack>
  );
}
