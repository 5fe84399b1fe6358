import { Anchor, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ExamStatusBadge } from '../../../components/exam/exam-status-badge';
import { GradeBadge } from '../../../components/exam/grade-badge';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { RestrictedPage } from '../../../components/ui/restricted-page';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useOverseenExams, useOverseenPaths } from '../api/teachers-work';
import { MemberPicker } from '../components/member-picker';
import '../school-texts';
import '../../../lib/exam-texts';

const PAGE_SIZE = 20;
const pagesOf = (count: number) => Math.ceil(count / PAGE_SIZE);

/**
 * /school-teachers-work: the principal picks a teacher of the school and sees their learning paths and
 * exams with each student's progress and results; each opens its page read-only.
 */
export function TeachersWorkPage() {
  const { t } = useTranslation(['school', 'common']);
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader label={t('common:status.loading')} />;
  // The server refuses the calls too (403); the user's flags tell it without asking.
  if (user.data && !user.data.is_organization_host) return <RestrictedPage text={t('restricted')} />;
  return <TeachersWork />;
}

function TeachersWork() {
  const { t } = useTranslation(['school', 'pages']);
  const [teacher, setTeacher] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages:titles.teachersWork')}</Title>
      <Text c="dimmed">{t('teachersWork.intro')}</Text>
      <Group maw={520}>
        <MemberPicker
          kind="teacher"
          label={t('teachersWork.teacher')}
          value={teacher}
          onChange={setTeacher}
        />
      </Group>
      {teacher === null ? (
        <Text c="dimmed">{t('teachersWork.choose')}</Text>
      ) : (
        <>
          <TeacherPaths key={`paths-${teacher}`} teacher={Number(teacher)} />
          <TeacherExams key={`exams-${teacher}`} teacher={Number(teacher)} />
        </>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function TeacherPaths({ teacher }: { teacher: number }) {
  const { t } = useTranslation('school');
  const { number, date } = useFormatters();
  const [page, setPage] = useState(1);
  const list = useOverseenPaths(teacher, page);
  return (
    <Section title={t('teachersWork.paths')}>
      <QueryState
        query={list}
        loading={<Skeleton h={120} radius="md" aria-label={t('teachersWork.loading')} />}
        isEmpty={(data) => data.count === 0}
        empty={<Text c="dimmed">{t('teachersWork.noPaths')}</Text>}
      >
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped withTableBorder aria-label={t('teachersWork.paths')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('teachersWork.path')}</Table.Th>
                    <Table.Th>{t('teachersWork.student')}</Table.Th>
                    <Table.Th>{t('teachersWork.days')}</Table.Th>
                    <Table.Th>{t('teachersWork.learned')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((path) => (
                    <Table.Tr key={path.id}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={generatePath(paths.learningPathProgress, { learningPathId: String(path.id) })}
                        >
                          {path.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{personName(path.assigned_user)}</Table.Td>
                      <Table.Td>
                        {t('teachersWork.daysValue', { start: date(path.start_at), end: date(path.end_at) })}
                      </Table.Td>
                      <Table.Td>
                        {t('teachersWork.learnedValue', {
                          learned: number(
                            Math.max(
                              path.learning_type_verbal ? path.learned_cards_verbal_len : 0,
                              path.learning_type_typing ? path.learned_cards_typing_len : 0,
                            ),
                          ),
                          cards: number(path.cards_len),
                        })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={page} pages={pagesOf(data.count)} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}

function TeacherExams({ teacher }: { teacher: number }) {
  const { t } = useTranslation(['school', 'exams']);
  const { dateTime, number } = useFormatters();
  const [page, setPage] = useState(1);
  const list = useOverseenExams(teacher, page);
  return (
    <Section title={t('teachersWork.exams')}>
      <QueryState
        query={list}
        loading={<Skeleton h={120} radius="md" aria-label={t('teachersWork.loading')} />}
        isEmpty={(data) => data.count === 0}
        empty={<Text c="dimmed">{t('teachersWork.noExams')}</Text>}
      >
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table striped withTableBorder aria-label={t('teachersWork.exams')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('teachersWork.test')}</Table.Th>
                    <Table.Th>{t('teachersWork.student')}</Table.Th>
                    <Table.Th>{t('teachersWork.window')}</Table.Th>
                    <Table.Th>{t('teachersWork.status')}</Table.Th>
                    <Table.Th>{t('teachersWork.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((exam) => (
                    <Table.Tr key={exam.id}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={generatePath(paths.schoolExam, { examId: String(exam.id) })}
                        >
                          {exam.school_test.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{personName(exam.student)}</Table.Td>
                      <Table.Td>{dateTime(exam.start_exam_at)}</Table.Td>
                      <Table.Td>
                        <ExamStatusBadge status={exam.status} />
                      </Table.Td>
                      <Table.Td>
                        {exam.grade === null ? (
                          '—'
                        ) : (
                          <Group gap="xs" wrap="nowrap">
                            <GradeBadge grade={exam.grade} />
                            <Text size="sm">
                              {t('teachersWork.score', {
                                score: number(exam.score ?? 0),
                                total: number(exam.total_score),
                              })}
                            </Text>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={page} pages={pagesOf(data.count)} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
