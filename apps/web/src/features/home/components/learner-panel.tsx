import type { Home } from '@flashcards/contract';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBooks, IconCalendarRepeat, IconFlame, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { practicePathOf } from '../../../lib/category-paths';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { HomeSection } from './home-section';
import { ProgressLine } from './progress-line';

type Learner = NonNullable<Home['learner']>;

/** A new learner has nothing to continue: the two ways to begin. */
function FirstSteps() {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconBooks size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('learner.emptyTitle')}
        </Title>
        <Text>{t('learner.emptyText')}</Text>
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.myCategories}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('learner.create')}
          </Button>
          <Button component={Link} to={paths.market} variant="default">
            {t('learner.browse')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A learner's day: what to continue, the cards due for review, the day's limit and the streak. */
export function LearnerPanel({ learner }: { learner: Learner }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormatters();
  if (learner.categories_count === 0) return <FirstSteps />;
  const category = learner.continue_category;
  const limit = learner.daily_limit;
  return (
    <HomeSection title={t('learner.title')} icon={<IconPlayerPlay size={22} aria-hidden="true" />}>
      {category && (
        <Group justify="space-between" gap="xs">
          <div>
            <Text size="sm" c="dimmed">
              {t('learner.continueTitle')}
            </Text>
            <Text fw={700}>{category.name}</Text>
          </div>
          <Button
            component={Link}
            to={practicePathOf(category)}
            aria-label={t('learner.continueLabel', { name: category.name })}
          >
            {t('learner.continue')}
          </Button>
        </Group>
      )}
      <Stack gap="xs">
        <Paper withBorder radius="md" p="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconCalendarRepeat size={20} aria-hidden="true" />
            <Stack gap={4}>
              <Text fw={600}>
                {learner.due_cards_len > 0
                  ? t('learner.due', {
                      count: learner.due_cards_len,
                      formatted: number(learner.due_cards_len),
                    })
                  : t('learner.dueNone')}
              </Text>
              {learner.due_cards_len > 0 && (
                <Text component={Link} to={paths.myCategories} size="sm" td="underline">
                  {t('learner.reviewFrom')}
                </Text>
              )}
            </Stack>
          </Group>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          {limit === null ? (
            <Text fw={600}>
              {t('learner.noLimit', {
                count: learner.answers_today,
                formatted: number(learner.answers_today),
              })}
            </Text>
          ) : (
            <ProgressLine
              label={t('learner.limit')}
              done={learner.answers_today}
              total={limit}
              text={t('learner.left', {
                count: Math.max(0, limit - learner.answers_today),
                formatted: number(Math.max(0, limit - learner.answers_today)),
              })}
            />
          )}
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconFlame
              size={20}
              aria-hidden="true"
              color={learner.streak_days > 0 ? 'var(--mantine-color-orange-7)' : undefined}
            />
            <Stack gap={4}>
              <Text fw={600}>
                {learner.streak_days > 0
                  ? t('learner.streak', {
                      count: learner.streak_days,
                      formatted: number(learner.streak_days),
                    })
                  : t('learner.streakNone')}
              </Text>
              {learner.streak_days > 0 && !learner.practised_today && (
                <Text size="sm">{t('learner.streakKeep')}</Text>
              )}
            </Stack>
          </Group>
        </Paper>
      </Stack>
    </HomeSection>
  );
}
