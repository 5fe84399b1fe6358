import type { ReportStudent } from '@flashcards/contract';
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '../../../components/list/paged-list';
import { hasStatus } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { personName } from '../../../lib/person-name';
import { useReportStudents } from '../api/get-report-students';
import { PremiumNotice } from './premium-notice';

export type StudentsListState = { input: string; page: number };

/** The students I reach: search as you type, 20 a page, each with their totals and a link to their report. */
export function StudentsList({
  state,
  onChange,
}: {
  state: StudentsListState;
  onChange: (state: StudentsListState) => void;
}) {
  const { t } = useTranslation('reports');
  const headingId = useId();
  const [search] = useDebouncedValue(state.input.trim(), 300);
  const students = useReportStudents({ page: state.page, search });

  if (students.isError && hasStatus(students.error, 403)) return <PremiumNotice error={students.error} />;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {t('students.heading')}
      </Title>
      <TextInput
        label={t('students.search')}
        type="search"
        value={state.input}
        onChange={(event) => onChange({ input: event.currentTarget.value, page: 1 })}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        maw={480}
      />
      <PagedList
        query={students}
        loadingLabel={t('students.loading')}
        rowHeight={88}
        noMatches={search ? t('students.noMatches') : null}
        empty={{
          icon: <IconUsers size={32} aria-hidden="true" />,
          title: t('students.empty'),
          description: t('students.emptyHint'),
        }}
        itemKey={(student) => student.id}
        item={(student) => <StudentRow student={student} />}
        page={state.page}
        onPage={(page) => onChange({ ...state, page })}
      />
    </Stack>
  );
}

function StudentRow({ student }: { student: ReportStudent }) {
  const { t } = useTranslation('reports');
  const { number, date } = useFormatters();
  const name = personName(student);
  const counts = [
    t('students.categories', { count: student.categories_len, formatted: number(student.categories_len) }),
    t('students.paths', { count: student.learning_paths_len, formatted: number(student.learning_paths_len) }),
    t('students.learnedVerbal', { formatted: number(student.learned_cards_verbal_len) }),
    t('students.learnedTyping', { formatted: number(student.learned_cards_typing_len) }),
  ];
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={student.avatar_url} name={name} color="indigo" variant="filled" radius={999} alt="" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Anchor
              component={Link}
              to={`?student=${encodeURIComponent(student.email)}`}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {name}
            </Anchor>
            <Badge color={student.relation === 'school' ? 'indigo' : 'teal.9'} variant="filled" size="sm">
              {t(student.relation === 'school' ? 'students.school' : 'students.friend')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {student.email}
          </Text>
          <Text size="sm">{counts.join(' · ')}</Text>
          <Text size="sm" c="dimmed">
            {student.last_active
              ? t('students.lastActive', { date: date(student.last_active) })
              : t('students.neverActive')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
