import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StudentReport } from '../components/student-report';
import { StudentsList, type StudentsListState } from '../components/students-list';
import '../reports-texts';

/**
 * /reports: the students I reach and, for the one chosen (`?student=` their e-mail, so the browser's back
 * returns to the list), their report.
 */
export function ReportsPage() {
  const { t } = useTranslation(['reports', 'pages']);
  const [params] = useSearchParams();
  const student = params.get('student')?.trim() || null;
  // Kept here so the search and page are as they were when coming back from a student.
  const [list, setList] = useState<StudentsListState>({ input: '', page: 1 });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages:titles.reports')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      {student ? (
        <StudentReport key={student} email={student} />
      ) : (
        <StudentsList state={list} onChange={setList} />
      )}
    </Stack>
  );
}
