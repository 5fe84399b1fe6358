import type { Pricing } from '@flashcards/contract';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';

/** What the free tier allows against premium and gold, row by row, with the server's own numbers. */
export function PremiumComparison({ pricing }: { pricing: Pricing }) {
  const { t } = useTranslation('subscriptions');
  const { number } = useFormatters();
  const premium = pricing.plans.find((plan) => !plan.gold);
  const gold = pricing.plans.find((plan) => plan.gold);
  const headingId = useId();
  const unlimited = t('compare.unlimited');
  const rows = [
    {
      key: 'cards',
      free: t('compare.cardsPerDay', { count: pricing.free.daily_card_limit }),
      premium: unlimited,
      gold: unlimited,
    },
    {
      key: 'aiText',
      free: number(pricing.free.ai_quota.text),
      premium: premium ? number(premium.ai_quota.text) : '',
      gold: gold ? number(gold.ai_quota.text) : '',
    },
    {
      key: 'aiImages',
      free: number(pricing.free.ai_quota.images),
      premium: premium ? number(premium.ai_quota.images) : '',
      gold: gold ? number(gold.ai_quota.images) : '',
    },
    {
      key: 'items',
      free: t('compare.itemsAtATime', { count: pricing.free.active_items }),
      premium: unlimited,
      gold: unlimited,
    },
    {
      key: 'reports',
      free: t('compare.notIncluded'),
      premium: t('compare.included'),
      gold: t('compare.included'),
    },
  ] as const;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('compare.caption')}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder verticalSpacing="sm" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('compare.feature')}</Table.Th>
              <Table.Th scope="col">{t('compare.free')}</Table.Th>
              <Table.Th scope="col">{t('compare.premium')}</Table.Th>
              <Table.Th scope="col">{t('compare.gold')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row">
                  <Text size="sm" fw={600}>
                    {t(`compare.rows.${row.key}`)}
                  </Text>
                </Table.Th>
                <Table.Td>{row.free}</Table.Td>
                <Table.Td fw={600}>{row.premium}</Table.Td>
                <Table.Td fw={600}>{row.gold}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
