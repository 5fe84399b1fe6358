import type { GradebookCell, Gradebook as GradebookData } from '@flashcards/contract';
import { Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeColors } from '../../../components/exam/grade-badge';
import { PrintSheet } from '../../../components/exam/print-sheet';
import { QueryState } from '../../../components/ui/query-state';
import { useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { personName } from '../../../lib/person-name';
import { useExportGradebook, useGradebook } from '../api/classes';
import '../school-texts';
import './gradebook.css';

/** The class's gradebook: a table of its students by exams, its CSV download and its printed page. */
export function Gradebook({ classId }: { classId: number }) {
  const { t } = useTranslation('school');
  const errorMessage = useErrorMessage();
  const gradebook = useGradebook(classId);
  const download = useExportGradebook();
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          loading={download.isPending}
          disabled={!gradebook.data}
          onClick={() => download.mutate(classId)}
        >
          {t('gradebook.download')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          disabled={!gradebook.data}
          onClick={() => window.print()}
        >
          {t('gradebook.print')}
        </Button>
      </Group>
      {download.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(download.error)}
        </Text>
      )}
      <QueryState
        query={gradebook}
        loading={<Skeleton h={240} radius="md" aria-label={t('gradebook.loading')} />}
      >
        {(data) => (
          <PrintSheet label={t('gradebook.printTitle')} className="gradebook">
            <GradebookSheet data={data} />
          </PrintSheet>
        )}
      </QueryState>
    </Stack>
  );
}

/** A column is one assignment of a test or the test's exams given by name: two assignments of a test are two. */
const columnKey = (column: GradebookData['columns'][number]) =>
  column.assignment === null ? `test-${column.test_id}` : `assignment-${column.assignment}`;

function GradebookSheet({ data }: { data: GradebookData }) {
  const { t } = useTranslation('school');
  const { number, average, dayMonth, date } = useFormatters();
  const cellContent = (cell: GradebookCell) => {
    switch (cell.state) {
      case 'graded':
        return number(cell.grade!);
      case 'absent':
        return <abbr title={t('gradebook.absent')}>{t('gradebook.absentShort')}</abbr>;
      case 'pending':
        return <abbr title={t('gradebook.pending')}>—</abbr>;
      default:
        return <VisuallyHidden>{t('gradebook.notGiven')}</VisuallyHidden>;
    }
  };
  return (
    <>
      {/* The class page has the page's h1; printed, this is the sheet's title. */}
      <h2 className="gradebook-title">{t('gradebook.printTitle')}</h2>
      <dl>
        <dt>{t('gradebook.school')}</dt>
        <dd>{data.school}</dd>
        <dt>{t('gradebook.class')}</dt>
        <dd>{data.class.name}</dd>
        <dt>{t('gradebook.year')}</dt>
        <dd>{data.class.school_year}</dd>
        <dt>{t('gradebook.date')}</dt>
        <dd>{date(data.generated_at)}</dd>
      </dl>
      {data.students.length === 0 ? (
        <p>{t('gradebook.noStudents')}</p>
      ) : data.columns.length === 0 ? (
        <p>{t('gradebook.empty', { year: data.class.school_year })}</p>
      ) : (
        <>
          <div className="gradebook-scroll">
            <table>
              <caption>
                {t('gradebook.caption', { name: data.class.name, year: data.class.school_year })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="exam-sheet-numeric">
                    {t('gradebook.number')}
                  </th>
                  <th scope="col" className="gradebook-name">
                    {t('gradebook.student')}
                  </th>
                  {data.columns.map((column) => (
                    <th scope="col" key={columnKey(column)} className="gradebook-exam">
                      {column.name}
                      <span className="gradebook-date">{dayMonth(column.date)}</span>
                    </th>
                  ))}
                  <th scope="col" className="exam-sheet-numeric">
                    {t('gradebook.average')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.students.map((student, index) => (
                  <tr key={student.id}>
                    <td className="exam-sheet-numeric">{number(index + 1)}</td>
                    <th scope="row" className="gradebook-name">
                      {personName(student)}
                    </th>
                    {student.cells.map((cell, column) => (
                      <td
                        key={columnKey(data.columns[column]!)}
                        className="gradebook-cell"
                        style={
                          cell.grade === null
                            ? undefined
                            : ({
                                '--gradebook-color': `var(--mantine-color-${gradeColors[cell.grade]}-light)`,
                              } as CSSProperties)
                        }
                      >
                        {cellContent(cell)}
                      </td>
                    ))}
                    <td className="exam-sheet-numeric gradebook-average">
                      {student.average === null ? '' : average(student.average)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="gradebook-legend">{t('gradebook.legend')}</p>
        </>
      )}
    </>
  );
}
