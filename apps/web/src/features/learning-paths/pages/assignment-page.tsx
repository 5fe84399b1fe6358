import type { PathAssignmentDetails } from '@flashcards/contract';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { BackLink, DetailSection, FactList, missingOn404 } from '../../../components/ui/detail-page';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAssignment } from '../api/assignments';
import { EditAssignmentModal, TargetBadge } from '../components/assignments-table';
import { CompletedBadges, LearnedLine, personOf, TodayLine, usePathDays } from '../components/path-summary';
import { pathIdFrom } from './path-progress-page';
import '../path-texts';

function AssignmentMissing() {
  const { t } = useTranslation('paths');
  return (
    <MessagePage
      icon={<IconSchool size={36} />}
      title={t('assignments.notFound')}
      action={
        <Button component={Link} to={paths.learningPaths} variant="default">
          {t('progress.toPaths')}
        </Button>
      }
    >
      <Text>{t('assignments.notFoundText')}</Text>
    </MessagePage>
  );
}

/** /learning-path-assignments/:id: a path given to a class or a group, with each student's progress. */
export function AssignmentPage() {
  const { t } = useTranslation('paths');
  const id = pathIdFrom(useParams().assignmentId);
  const assignment = useAssignment(id ?? 0);
  if (id === null) return <AssignmentMissing />;
  return (
    <QueryState
      query={assignment}
      loading={<PageLoader label={t('assignments.loadingOne')} />}
      error={missingOn404(<AssignmentMissing />)}
    >
      {(found) => <AssignmentView assignment={found} />}
    </QueryState>
  );
}

function AssignmentView({ assignment }: { assignment: PathAssignmentDetails }) {
  const { t } = useTranslation('paths');
  const { number } = useFormatters();
  const pathDays = usePathDays();
  const [editing, setEditing] = useState(false);
  const facts = [
    { label: t('assignments.target'), value: <TargetBadge assignment={assignment} /> },
    {
      label: t('details.category'),
      value: `${assignment.category.name} (${t(`kinds.${assignment.category.type_of_cards}`)})`,
    },
    { label: t('details.days'), value: pathDays(assignment) },
    {
      label: t('details.targets'),
      value: t('list.targetsValue', {
        flips: number(assignment.daily_cards_flip_target),
        learned: number(assignment.daily_cards_learn_target),
      }),
    },
    { label: t('details.deckSize'), value: number(assignment.flip_cards_volume) },
  ];

  return (
    <Stack gap="lg">
      <BackLink to={paths.learningPaths}>{t('progress.toPaths')}</BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{assignment.name}</Title>
          <Text c="dimmed">
            {t('assignments.studentsValue', {
              count: assignment.students_count,
              formatted: number(assignment.students_count),
            })}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconPencil size={18} aria-hidden="true" />}
          onClick={() => setEditing(true)}
        >
          {t('edit.open')}
        </Button>
      </Group>
      <DetailSection id="assignment-students" title={t('assignments.progressHeading')}>
        {assignment.paths.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('assignments.noStudents')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Caption>{t('assignments.progressCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.student')}</Table.Th>
                  <Table.Th>{t('list.today')}</Table.Th>
                  <Table.Th>{t('list.learned')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {assignment.paths.map((path) => (
                  <Table.Tr key={path.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={generatePath(paths.learningPathProgress, { learningPathId: String(path.id) })}
                        fw={600}
                      >
                        {personOf(path.assigned_user)}
                      </Anchor>
                      <CompletedBadges path={path} />
                    </Table.Td>
                    <Table.Td>
                      <TodayLine path={path} />
                    </Table.Td>
                    <Table.Td>
                      <LearnedLine path={path} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DetailSection>
      <DetailSection id="assignment-details" title={t('details.heading')}>
        <FactList facts={facts} />
      </DetailSection>
      {editing && <EditAssignmentModal assignment={assignment} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
