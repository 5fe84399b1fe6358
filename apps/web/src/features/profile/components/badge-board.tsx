import { type Badge, type BadgeKind, badgeKinds, badgeThresholds } from '@flashcards/contract';
import { Box, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCards, IconKeyboard, IconRotate, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import classes from './badge-board.module.css';
import '../../../lib/account-texts';

const icons: Record<BadgeKind, typeof IconCards> = {
  cards_per_day: IconCards,
  learned_verbal: IconRotate,
  learned_typing: IconKeyboard,
  completed_category_verbal: IconTrophy,
  completed_category_typing: IconTrophy,
};

/** Every badge of the list, the earned ones in colour with the day they were first earned. */
export function BadgeBoard({ badges }: { badges: Badge[] }) {
  const { t } = useTranslation('account');
  const { date, number } = useFormatters();
  const earned = new Map(badges.map((badge) => [`${badge.kind}:${badge.threshold}`, badge]));
  const total = badgeKinds.reduce((sum, kind) => sum + badgeThresholds[kind].length, 0);

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('badges.summary', { earned: number(badges.length), total: number(total) })} {t('badges.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
        {badgeKinds.map((kind) => {
          const Icon = icons[kind];
          return (
            <Stack key={kind} gap="xs">
              <Text fw={600} size="sm" id={`badges-${kind}`}>
                {t(`badges.kinds.${kind}`)}
              </Text>
              <Group component="ul" gap="sm" m={0} p={0} aria-labelledby={`badges-${kind}`}>
                {badgeThresholds[kind].map((threshold) => {
                  const badge = earned.get(`${kind}:${threshold}`);
                  const single = badgeThresholds[kind].length === 1;
                  const name = t(`badges.names.${kind}`, { count: threshold });
                  const status = badge
                    ? t('badges.earnedOn', { date: date(badge.earned_on), count: badge.times })
                    : t('badges.notYet');
                  return (
                    <Box component="li" key={threshold} className={classes.item}>
                      <Tooltip label={`${name}: ${status}`} withArrow>
                        <Box
                          className={classes.medal}
                          data-earned={badge ? true : undefined}
                          role="img"
                          tabIndex={0}
                          aria-label={`${name}: ${status}`}
                        >
                          {single ? (
                            <Icon size={24} aria-hidden="true" />
                          ) : (
                            <span aria-hidden="true">{number(threshold)}</span>
                          )}
                        </Box>
                      </Tooltip>
                      {badge && badge.times > 1 && (
                        <Text component="span" size="xs" className={classes.times} aria-hidden="true">
                          ×{number(badge.times)}
                        </Text>
                      )}
                    </Box>
                  );
                })}
              </Group>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
