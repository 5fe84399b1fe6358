import type { MarketCategory } from '@flashcards/contract';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../lib/format';
import '../../../lib/market-texts';
import { CatalogBadges } from './catalog-badges';
import { RatingSummary } from './rating-summary';

/** A catalog category in the list: name, author, language, topic, cards, rating and adoptions. */
export function CatalogCard({ category, to }: { category: MarketCategory; to: string }) {
  const { t } = useTranslation(['market', 'cards']);
  const { number } = useFormatters();
  const headingId = useId();
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="md" shadow="xs">
      <Stack gap="sm" h="100%">
        <Stack gap={4}>
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={to} inherit>
              {category.name}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {t('item.by', { name: category.created_by })}
          </Text>
        </Stack>
        <Group gap="xs">
          <CatalogBadges category={category} />
        </Group>
        {category.description && (
          <Text size="sm" lineClamp={3}>
            {category.description}
          </Text>
        )}
        <RatingSummary rating={category.rating} count={category.ratings_count} />
        <Group gap="md" mt="auto">
          <Text size="sm">
            {t('item.cards', { count: category.cards_length, formatted: number(category.cards_length) })}
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconCopy size={14} aria-hidden="true" />
            <Text size="sm">
              {t('item.adoptions', { count: category.adopted, formatted: number(category.adopted) })}
            </Text>
          </Group>
          <Button
            component={Link}
            to={to}
            size="xs"
            variant="light"
            ml="auto"
            leftSection={<IconInfoCircle size={14} aria-hidden="true" />}
            aria-label={t('item.openNamed', { name: category.name })}
          >
            {t('item.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Stands in for the catalog's grid while it loads. */
export function CatalogGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={index} withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Skeleton height={22} width="65%" />
            <Skeleton height={14} width="35%" />
            <Group gap="xs">
              <Skeleton height={20} width={70} radius="xl" />
              <Skeleton height={20} width={80} radius="xl" />
            </Group>
            <Skeleton height={12} />
            <Skeleton height={12} width="80%" />
            <Skeleton height={18} width="45%" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
