import type { ExamLive, ExamLiveRow } from '@flashcards/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleDashed,
  IconCircleX,
  IconClockPlus,
  IconDoorExit,
  IconEyeOff,
  IconLockOpen,
  IconPencil,
  IconRefresh,
  IconUsers,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { ExtraTimeModal, type MendTarget, ReopenExamModal } from '../../../components/exam/minutes-modals';
import { PagedTable } from '../../../components/list/paged-table';
import { BackLink, missingOn404 } from '../../../components/ui/detail-page';
import { MessagePage } from '../../../components/ui/message-page';
import { QueryState } from '../../../components/ui/query-state';
import { StatTile } from '../../../components/ui/stat-tile';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useExtraTime } from '../api/exams';
import { type Sitting, useExamLive, useReopenExam } from '../api/live';
import '../test-texts';

/** A student not heard from for this long while writing is shown as not seen lately (two heartbeats missed). */
export const QUIET_MS = 90_000;

export type LiveState = 'writing' | 'away' | 'quiet' | 'finished' | 'notStarted' | 'missed';

/** Where a student is now, as the teacher needs to see it, by the server's clock. */
export const liveStateOf = (row: ExamLiveRow, serverTime: string): LiveState => {
  if (row.status === 'completed') return 'finished';
  if (row.status === 'missed') return 'missed';
  if (row.status === 'not_started') return 'notStarted';
  if (row.away) return 'away';
  const seen = row.last_seen_at ? new Date(row.last_seen_at).getTime() : 0;
  return new Date(serverTime).getTime() - seen > QUIET_MS ? 'quiet' : 'writing';
};

const looks = {
  writing: { color: 'blue', Icon: IconPencil },
  away: { color: 'orange', Icon: IconDoorExit },
  quiet: { color: 'yellow', Icon: IconEyeOff },
  finished: { color: 'teal', Icon: IconCircleCheck },
  notStarted: { color: 'gray', Icon: IconCircleDashed },
  missed: { color: 'red', Icon: IconCircleX },
} as const;

function LiveStateBadge({ state }: { state: LiveState }) {
  const { t } = useTranslation('tests');
  const { color, Icon } = looks[state];
  return (
    <Badge
      color={color}
      variant="light"
      c="var(--mantine-color-text)"
      styles={{ label: { overflow: 'visible' } }}
      leftSection={<Icon size={14} aria-hidden="true" />}
    >
      {t(`live.states.${state}`)}
    </Badge>
  );
}

const testIdFrom = (value: string | undefined) => (value && /^[1-9]\d*$/.test(value) ? Number(value) : null);

function LiveMissing() {
  const { t } = useTranslation(['tests', 'pages']);
  return (
    <MessagePage
      icon={<IconUsers size={36} />}
      title={t('live.notFound')}
      action={
        <Button component={Link} to={paths.schoolTests} variant="default">
          {t('pages:titles.schoolTests')}
        </Button>
      }
    >
      <Text>{t('live.notFoundText')}</Text>
    </MessagePage>
  );
}

/**
 * /school-tests/:schoolTestId/live: a sitting of a test as it goes: its counts, then its students 20 a page
 * (where they are, answers given, last seen, left the page, finished), the page shown asked again every
 * few seconds while the tab is shown; reopen or extra time per student.
 */
export function ExamLivePage() {
  const { t } = useTranslation(['tests', 'pages']);
  const testId = testIdFrom(useParams().schoolTestId);
  const [sitting, setSitting] = useState<Sitting>(null);
  const [page, setPage] = useState(1);
  const query = useExamLive(testId ?? 0, sitting, page);
  if (testId === null) return <LiveMissing />;
  return (
    <QueryState
      query={query}
      loading={<Skeleton h={240} radius="md" aria-label={t('live.loading')} />}
      error={missingOn404(<LiveMissing />)}
      keepData
    >
      {(live) => (
        <LiveView
          live={live}
          query={query}
          onRefresh={() => query.refetch()}
          onSitting={(chosen) => {
            setSitting(chosen);
            setPage(1);
          }}
          page={page}
          onPage={setPage}
        />
      )}
    </QueryState>
  );
}

const sittingKey = (start: string, end: string) => `${start}|${end}`;

function LiveView({
  live,
  query,
  onRefresh,
  onSitting,
  page,
  onPage,
}: {
  live: ExamLive;
  query: ReturnType<typeof useExamLive>;
  onRefresh: () => void;
  onSitting: (sitting: Sitting) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation(['tests', 'exams', 'pages']);
  const { number, dateTime } = useFormatters();
  const toast = useSuccessToast();
  const reopen = useReopenExam();
  const extra = useExtraTime();
  const [reopening, setReopening] = useState<MendTarget | null>(null);
  const [extending, setExtending] = useState<MendTarget | null>(null);
  const clock = useMemo(
    () => new Intl.DateTimeFormat(i18n.resolvedLanguage, { timeStyle: 'medium' }),
    [i18n.resolvedLanguage],
  );
  const time = (iso: string | null) => (iso ? clock.format(new Date(iso)) : t('live.never'));
  const { summary } = live;
  const targetOf = (row: ExamLiveRow): MendTarget => ({
    id: row.id,
    test_name: live.test.name,
    student: row.student,
    end_exam_at: live.sitting?.end_exam_at ?? row.ends_at,
    extra_minutes: row.extra_minutes,
  });
  const reopenSave = {
    ...reopen,
    mutate: (input: { id: number; minutes: number }, options: { onSuccess: () => void }) =>
      reopen.mutate(input, {
        onSuccess: () => {
          options.onSuccess();
          if (reopening) toast(t('exams:mend.reopened', { student: personName(reopening.student) }));
        },
      }),
  };

  return (
    <Stack gap="lg">
      <BackLink to={`${paths.schoolExams}?test_id=${live.test.id}`}>{t('live.back')}</BackLink>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{t('live.title', { test: live.test.name })}</Title>
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('live.updatedAt', { time: time(live.server_time) })}
          </Text>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={onRefresh}
            loading={query.isFetching}
          >
            {t('live.refresh')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('live.paused')}
      </Text>
      {live.sitting === null ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs">
            <IconUsers size={32} aria-hidden="true" />
            <Title order={2} size="h4">
              {t('live.empty')}
            </Title>
            <Text c="dimmed" ta="center">
              {t('live.emptyHint')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <>
          {live.sittings.length > 1 && (
            <Select
              label={t('live.sitting')}
              data={live.sittings.map((s) => ({
                value: sittingKey(s.start_exam_at, s.end_exam_at),
                label: t('live.sittingValue', {
                  start: dateTime(s.start_exam_at) ?? '',
                  end: dateTime(s.end_exam_at) ?? '',
                  count: s.exams_count,
                  formatted: number(s.exams_count),
                }),
              }))}
              value={sittingKey(live.sitting.start_exam_at, live.sitting.end_exam_at)}
              onChange={(value) => {
                const [startAt, endAt] = (value ?? '').split('|');
                if (startAt && endAt) onSitting({ startAt, endAt });
              }}
              allowDeselect={false}
              maw={480}
            />
          )}
          <SimpleGrid
            cols={{ base: 2, sm: 3, md: 6 }}
            spacing="sm"
            aria-label={t('live.summary')}
            component="section"
          >
            <StatTile label={t('live.students')} value={number(live.count)} />
            <StatTile label={t('live.inProgress')} value={number(summary.in_progress)} />
            <StatTile label={t('live.awayNow')} value={number(summary.away)} />
            <StatTile label={t('live.finished')} value={number(summary.completed)} />
            <StatTile label={t('live.notStarted')} value={number(summary.not_started)} />
            <StatTile label={t('live.missed')} value={number(summary.missed)} />
          </SimpleGrid>
          <PagedTable
            query={query}
            loadingLabel={t('live.loading')}
            empty={{ icon: <IconUsers size={32} aria-hidden="true" />, title: t('live.empty') }}
            caption={t('live.caption')}
            minWidth={900}
            head={
              <>
                <Table.Th>{t('live.student')}</Table.Th>
                <Table.Th>{t('live.state')}</Table.Th>
                <Table.Th ta="end">{t('live.answers')}</Table.Th>
                <Table.Th>{t('live.lastSeen')}</Table.Th>
                <Table.Th>{t('live.started')}</Table.Th>
                <Table.Th>{t('live.completed')}</Table.Th>
                <Table.Th>{t('live.ends')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                </Table.Th>
              </>
            }
            row={(row) => {
              const name = personName(row.student);
              return (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={generatePath(paths.schoolExam, { examId: String(row.id) })}
                      fw={600}
                    >
                      {name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <LiveStateBadge state={liveStateOf(row, live.server_time)} />
                      {row.times_left > 0 && (
                        <Text size="xs" c="dimmed">
                          {t('live.timesLeft', {
                            count: row.times_left,
                            formatted: number(row.times_left),
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="end">
                    {t('exams.ofTotal', {
                      value: number(row.answers_count),
                      total: number(live.test.questions_count),
                    })}
                  </Table.Td>
                  <Table.Td>{time(row.last_seen_at)}</Table.Td>
                  <Table.Td>{time(row.started_at)}</Table.Td>
                  <Table.Td>
                    {time(row.completed_at)}
                    {row.completed_by === 'server' && (
                      <Text size="xs" c="dimmed">
                        {t('live.byServer')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {time(row.ends_at)}
                    {row.extra_minutes > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('live.extra', {
                          count: row.extra_minutes,
                          formatted: number(row.extra_minutes),
                        })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {row.status === 'completed' ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconLockOpen size={14} aria-hidden="true" />}
                          aria-label={t('exams:mend.reopenOne', { student: name })}
                          onClick={() => setReopening(targetOf(row))}
                        >
                          {t('exams:mend.reopen')}
                        </Button>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconClockPlus size={14} aria-hidden="true" />}
                          aria-label={t('exams:mend.extraOne', { student: name })}
                          onClick={() => setExtending(targetOf(row))}
                        >
                          {t('exams:mend.extra')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            }}
            page={page}
            onPage={onPage}
          />
        </>
      )}
      <ReopenExamModal target={reopening} onClose={() => setReopening(null)} save={reopenSave} />
      <ExtraTimeModal target={extending} onClose={() => setExtending(null)} save={extra} />
    </Stack>
  );
}
