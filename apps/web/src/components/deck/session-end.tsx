import { Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowBackUp, IconRefresh, IconRepeat, IconTrophy } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../lib/format';
import type { LearningType } from './practice-settings';
import classes from './session-end.module.css';
import type { SessionSummary } from './session-summary';
import '../../lib/account-texts';

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={0} align="center" ta="center">
      <Text fz={30} fw={800} lh={1.1} c={color} data-testid="summary-figure">
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** A burst of confetti, loaded only when a category is finished (kept out of every other bundle). */
function useConfetti(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (cancelled) return;
      void confetti({ particleCount: 120, spread: 75, origin: { y: 0.35 }, disableForReducedMotion: true });
    });
    return () => {
      cancelled = true;
    };
  }, [enabled]);
}

/** The badge a finished category earns, drawn like the profile's badge board draws an earned one. */
function CategoryBadge({ type }: { type: LearningType }) {
  const { t } = useTranslation(['practice', 'account']);
  const name = t(`account:badges.names.completed_category_${type}`, { count: 1 });
  return (
    <Group gap="sm" justify="center" wrap="nowrap">
      <Box className={classes.medal} role="img" aria-label={name}>
        <IconTrophy size={26} aria-hidden="true" />
      </Box>
      <Stack gap={0} align="flex-start">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('celebration.badge')}
        </Text>
        <Text fw={700}>{name}</Text>
      </Stack>
    </Group>
  );
}

/**
 * The end of a session, in the page: what it added up to and how long it took, then another round, the
 * wrong ones again (when there are any) or the way back. Finishing the category is celebrated with its
 * badge (and confetti, unless the reader asked for less motion).
 */
export function SessionEnd({
  saving,
  summary,
  elapsed,
  categoryName,
  type,
  cardsPath,
  backLabel,
  onAnotherRound,
  onWrongAgain,
  onUndo,
}: {
  /** The last answers are still on their way. */
  saving: boolean;
  summary: SessionSummary;
  elapsed: number | null;
  categoryName: string;
  type: LearningType;
  cardsPath: string;
  backLabel?: string;
  onAnotherRound: () => void;
  onWrongAgain: () => void;
  /** Takes back the last answer, when it can be. */
  onUndo?: () => void;
}) {
  const { t } = useTranslation('practice');
  const { number, elapsed: formatElapsed } = useFormatters();
  const heading = useRef<HTMLHeadingElement>(null);
  const reduceMotion = useReducedMotion();
  const celebrate = !saving && summary.completedCategory;
  useConfetti(celebrate && !reduceMotion);

  // The summary replaces the card: the focus goes to its heading, which screen readers then read.
  useEffect(() => {
    if (!saving) heading.current?.focus();
  }, [saving]);

  if (saving)
    return (
      <Group gap="sm" justify="center" role="status" py="xl">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('end.saving')}</Text>
      </Group>
    );

  const wrong = summary.wrongCardIds.length;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="session-end">
      <Stack gap="lg" align="center" ta="center">
        {celebrate && <IconTrophy size={56} aria-hidden="true" color="var(--mantine-color-yellow-6)" />}
        <Title order={2} ref={heading} tabIndex={-1} className={classes.heading}>
          {celebrate ? t('celebration.title', { name: categoryName }) : t('end.title')}
        </Title>
        {celebrate && (
          <>
            <Text>{t(`celebration.${type}`)}</Text>
            <CategoryBadge type={type} />
          </>
        )}
        <Text c="dimmed">{t('end.intro')}</Text>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="md" w="100%">
          <Figure label={t('end.correct')} value={number(summary.correct)} color="teal.8" />
          <Figure label={t('end.wrong')} value={number(summary.wrong)} color="red.8" />
          <Figure label={t('end.learned')} value={number(summary.learned)} />
          <Figure label={t('end.time')} value={formatElapsed(elapsed ?? 0)} />
        </SimpleGrid>
        <Group gap="sm" justify="center">
          {!celebrate && (
            <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={onAnotherRound}>
              {t('end.anotherRound')}
            </Button>
          )}
          {!celebrate && wrong > 0 && (
            <Button
              variant="light"
              leftSection={<IconRepeat size={18} aria-hidden="true" />}
              onClick={onWrongAgain}
            >
              {t('end.wrongAgain', { count: wrong, formatted: number(wrong) })}
            </Button>
          )}
          <Button component={Link} to={cardsPath} variant={celebrate ? 'filled' : 'default'}>
            {backLabel ?? t('end.back')}
          </Button>
        </Group>
        {onUndo && (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
            onClick={onUndo}
            aria-keyshortcuts="z"
          >
            {t('end.undo')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
