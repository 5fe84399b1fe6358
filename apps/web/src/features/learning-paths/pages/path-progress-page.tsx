import type { LearningPathProgress } from '@flashcards/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarOff,
  IconClipboardList,
  IconKeyboard,
  IconMessage,
  IconRoute,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { BackLink, DetailSection, FactList, missingOn404 } from '../../../components/ui/detail-page';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { localToday } from '../../../lib/calendar-day';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePathProgress } from '../api/get-path-progress';
import { PathHistory } from '../components/path-history';
import { CompletedBadges, personOf, usePathDays } from '../components/path-summary';
import { PathTestModal } from '../components/path-test-modal';
import { PathTestSection } from '../components/path-test-section';
import { TodayRings } from '../components/today-rings';
import { pathPhase } from '../progress-targets';
import '../path-texts';

export const pathIdFrom = (value: string | undefined): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

/** The address of a path's study screen in one mode. */
export const studyPathOf = (
  path: { id: number; category: { type_of_cards: string } },
  type: 'verbal' | 'typing',
) =>
  `${generatePath(
    path.category.type_of_cards === 'picture' ? paths.learningPathCardsPicture : paths.learningPathCardsText,
    { learningPathId: String(path.id) },
  )}?type=${type}`;

/** A path that is not there, or not one of mine (assigned to me or by me). */
export function PathMissing() {
  const { t } = useTranslation('paths');
  return (
    <MessagePage
      icon={<IconRoute size={36} />}
      title={t('progress.notFound')}
      action={
        <Button component={Link} to={paths.myLearningPaths} variant="default">
          {t('progress.toMyPaths')}
        </Button>
      }
    >
      <Text>{t('progress.notFoundText')}</Text>
    </MessagePage>
  );
}

/**
 * /learning-path-progress/:id: a path with today's targets as rings and the history; its student studies
 * from here, the teacher who assigned it follows the student's progress.
 */
export function PathProgressPage() {
  const { t } = useTranslation('paths');
  const id = pathIdFrom(useParams().learningPathId);
  const progress = usePathProgress(id ?? 0);
  if (id === null) return <PathMissing />;
  return (
    <QueryState
      query={progress}
      loading={<PageLoader label={t('progress.loading')} />}
      error={missingOn404(<PathMissing />)}
    >
      {(path) => <PathProgressView path={path} />}
    </QueryState>
  );
}

function PathProgressView({ path }: { path: LearningPathProgress }) {
  const { t } = useTranslation('paths');
  const { number } = useFormatters();
  const pathDays = usePathDays();
  const user = useCurrentUser().data;
  const mine = user?.id === path.assigned_user.id;
  // A principal of the teacher's school only looks, and came from the teachers' work.
  const overseen = !mine && user?.id !== path.created_by_user.id;
  const [editingTest, editTest] = useDisclosure(false);
  // Its teacher may change the test until the student starts it.
  const testChangeable =
    path.created_by_user.id === user?.id &&
    (!path.test_state?.exam || path.test_state.exam.status === 'not_started');
  // The server opens and closes the path by the day in the account's time zone.
  const phase = pathPhase(path, localToday(new Date(), user?.time_zone));
  const modes = [
    ...(path.learning_type_verbal ? (['verbal'] as const) : []),
    ...(path.learning_type_typing ? (['typing'] as const) : []),
  ];
  const facts = [
    { label: t('details.student'), value: personOf(path.assigned_user) },
    { label: t('details.teacher'), value: personOf(path.created_by_user) },
    {
      label: t('details.category'),
      value: `${path.category.name} (${t(`kinds.${path.category.type_of_cards}`)})`,
    },
    {
      label: t('details.tags'),
      value: path.categories_tags.length > 0 ? path.categories_tags.join(', ') : t('details.allTags'),
    },
    { label: t('details.days'), value: pathDays(path) },
    {
      label: t('details.targets'),
      value: t('list.targetsValue', {
        flips: number(path.daily_cards_flip_target),
        learned: number(path.daily_cards_learn_target),
      }),
    },
    { label: t('details.deckSize'), value: number(path.flip_cards_volume) },
    ...modes.map((mode) => ({
      label: t(`details.learned.${mode}`),
      value: t('details.learnedValue', {
        learned: number(mode === 'verbal' ? path.learned_cards_verbal_len : path.learned_cards_typing_len),
        cards: number(path.cards_len),
        volume: number(mode === 'verbal' ? path.learned_card_volume_verbal : path.learned_card_volume_typing),
      }),
    })),
  ];

  return (
    <Stack gap="lg">
      <BackLink to={mine ? paths.myLearningPaths : overseen ? paths.teachersWork : paths.learningPaths}>
        {mine ? t('progress.toMyPaths') : overseen ? t('progress.toTeachersWork') : t('progress.toPaths')}
      </BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{path.name}</Title>
          <Group gap={6}>
            {modes.map((mode) => (
              <Badge key={mode} variant="light">
                {t(`modes.${mode}`)}
              </Badge>
            ))}
            <CompletedBadges path={path} />
          </Group>
        </Stack>
        {testChangeable && (
          <Button
            variant="default"
            onClick={editTest.open}
            leftSection={<IconClipboardList size={18} aria-hidden="true" />}
          >
            {path.test_state ? t('testEdit.change') : t('testEdit.add')}
          </Button>
        )}
        {mine && phase === 'during' && (
          <Group gap="sm">
            {modes.map((mode) => (
              <Button
                key={mode}
                component={Link}
                to={studyPathOf(path, mode)}
                leftSection={
                  mode === 'verbal' ? (
                    <IconMessage size={18} aria-hidden="true" />
                  ) : (
                    <IconKeyboard size={18} aria-hidden="true" />
                  )
                }
                variant={mode === 'verbal' ? 'filled' : 'light'}
              >
                {t(`progress.study.${mode}`)}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      {mine && phase !== 'during' && (
        <Alert color="orange" variant="light" icon={<IconCalendarOff aria-hidden="true" />}>
          {t(phase === 'before' ? 'progress.notStarted' : 'progress.ended', { days: pathDays(path) })}
        </Alert>
      )}
      {editingTest && <PathTestModal path={path} opened onClose={editTest.close} />}
      <DetailSection id="path-today" title={t('progress.todayHeading')}>
        <TodayRings path={path} />
      </DetailSection>
      {path.test_state && (
        <DetailSection id="path-test" title={t('test.heading')}>
          <PathTestSection path={path} mine={mine} />
        </DetailSection>
      )}
      <DetailSection id="path-history" title={t('progress.historyHeading')}>
        <Paper withBorder radius="lg" p="md">
          <PathHistory path={path} />
        </Paper>
      </DetailSection>
      <DetailSection id="path-details" title={t('details.heading')}>
        <FactList facts={facts} />
      </DetailSection>
    </Stack>
  );
}
