import { cardPlainText, type MarketCard } from '@flashcards/contract';
import { Box, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OccludedPicture } from '../../../components/occlusion/occluded-picture';
import { RichText } from '../../../components/rich-text/rich-text';
import '../../../lib/market-texts';

/** One card of a catalog version: its question (a text, or a picture) and its answer. */
export function MarketCardView({ card, highlight }: { card: MarketCard; highlight?: 'added' | 'removed' }) {
  const { t } = useTranslation('market');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={
        highlight === 'added'
          ? 'var(--mantine-color-teal-light)'
          : highlight === 'removed'
            ? 'var(--mantine-color-red-light)'
            : undefined
      }
    >
      <Stack gap={6}>
        {card.first_side_url && card.occlusion ? (
          <Box h={140}>
            <OccludedPicture src={card.first_side_url} occlusion={card.occlusion} />
          </Box>
        ) : card.first_side_url ? (
          <Image
            src={card.first_side_url}
            alt={t('detail.pictureAlt', { answer: cardPlainText(card.second_side) })}
            h={140}
            fit="contain"
            radius="sm"
            loading="lazy"
          />
        ) : (
          <Text component="div" fw={600} style={{ overflowWrap: 'anywhere' }}>
            <Text span size="xs" c="dimmed" display="block">
              {t('detail.question')}
            </Text>
            <RichText text={card.first_side} />
          </Text>
        )}
        <Text component="div" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" c="dimmed" display="block">
            {t('detail.answer')}
          </Text>
          <RichText text={card.second_side} />
        </Text>
      </Stack>
    </Paper>
  );
}

export function SampleCards({ cards }: { cards: MarketCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {cards.map((card) => (
        <MarketCardView key={card.id} card={card} />
      ))}
    </SimpleGrid>
  );
}
