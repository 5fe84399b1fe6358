import type { Home } from '@flashcards/contract';
import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/current-user';
import { useMyHome } from '../api/get-my-home';
import { useServerNow } from '../components/countdown';
import { LearnerPanel } from '../components/learner-panel';
import { OffersPanel } from '../components/offers-panel';
import { PrincipalPanels } from '../components/principal-panel';
import { ExamsAhead, FreshResults, TodayPaths } from '../components/student-panels';
import { TeachOthers } from '../components/teach-others';
import { ClassesWeek, Sittings } from '../components/teacher-panels';
import '../home-texts';

/** /home: a signed-in person's own home, its panels by role (a person may have several). */
export function MyHomePage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser().data;
  const home = useMyHome();
  const name = user?.first_name.trim();
  return (
    <Stack gap="lg" py="md">
      <div>
        <Title order={1}>{name ? t('greeting', { name }) : t('greetingNoName')}</Title>
        <Text size="lg" c="dimmed">
          {t('lead')}
        </Text>
      </div>
      <QueryState
        query={home}
        loading={
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-label={t('loading')} role="status">
            <Skeleton height={180} radius="lg" />
            <Skeleton height={180} radius="lg" />
          </SimpleGrid>
        }
      >
        {(data) => (
          <Panels home={data} receivedAt={home.dataUpdatedAt} mayTeach={!(user?.is_auto_created ?? true)} />
        )}
      </QueryState>
    </Stack>
  );
}

function Panels({ home, receivedAt, mayTeach }: { home: Home; receivedAt: number; mayTeach: boolean }) {
  const now = useServerNow(home.now, receivedAt);
  const { principal, teacher, student, learner, sent_to_me: sent } = home;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {principal && <PrincipalPanels principal={principal} />}
      {teacher && <Sittings teacher={teacher} />}
      {teacher && <ClassesWeek classes={teacher.classes} />}
      {student && <TodayPaths paths={student.paths} />}
      {student && <ExamsAhead exams={student.exams} now={now} />}
      {student && student.results.length > 0 && <FreshResults results={student.results} />}
      {learner && <LearnerPanel learner={learner} />}
      {sent.count > 0 && <OffersPanel sent={sent} />}
      {learner && learner.categories_count > 0 && !home.uses_teacher_tools && mayTeach && <TeachOthers />}
    </SimpleGrid>
  );
}
