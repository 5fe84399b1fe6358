import type { MarketChanges } from '@flashcards/contract';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import '../../../lib/market-texts';
import { MarketCardView } from './sample-cards';

/** What a new version changes: added cards, changed cards before and after, removed cards, details. */
export function ChangesView({ changes, headingOrder = 3 }: { changes: MarketChanges; headingOrder?: 3 | 4 }) {
  const { t } = useTranslation('market');
  const { number } = useFormatters();
  const counted = (key: 'added' | 'changed' | 'removed', count: number) =>
    t(`changes.${key}`, { count, formatted: number(count) });
  const nothing = changes.added.length + changes.changed.length + changes.removed.length === 0;
  return (
    <Stack gap="md">
      {changes.details_changed && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('changes.details')}
        </Alert>
      )}
      {nothing && <Text c="dimmed">{t('changes.none')}</Text>}
      {changes.added.length > 0 && (
        <Stack gap="xs">
          <Title order={headingOrder} size="h5">
            {counted('added', changes.added.length)}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {changes.added.map((card) => (
              <MarketCardView key={card.id} card={card} highlight="added" />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {changes.changed.length > 0 && (
        <Stack gap="xs">
          <Title order={headingOrder} size="h5">
            {counted('changed', changes.changed.length)}
          </Title>
          {changes.changed.map(({ before, after }) => (
            <SimpleGrid key={after.id} cols={{ base: 1, xs: 2 }} spacing="xs">
              <Stack gap={4}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                  {t('changes.before')}
                </Text>
                <MarketCardView card={before} highlight="removed" />
              </Stack>
              <Stack gap={4}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                  {t('changes.after')}
                </Text>
                <MarketCardView card={after} highlight="added" />
              </Stack>
            </SimpleGrid>
          ))}
        </Stack>
      )}
      {changes.removed.length > 0 && (
        <Stack gap="xs">
          <Title order={headingOrder} size="h5">
            {counted('removed', changes.removed.length)}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {changes.removed.map((card) => (
              <Group key={card.id} grow>
                <MarketCardView card={card} highlight="removed" />
              </Group>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
