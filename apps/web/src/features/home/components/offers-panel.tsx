import type { Home } from '@flashcards/contract';
import { Paper, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { HomeList, HomeSection } from './home-section';

/** Categories offered to me, the newest first, leading to the inbox where they are taken or declined. */
export function OffersPanel({ sent }: { sent: Home['sent_to_me'] }) {
  const { t } = useTranslation('dashboard');
  const { number, date } = useFormatters();
  return (
    <HomeSection
      title={t('offers.title')}
      icon={<IconInbox size={22} aria-hidden="true" />}
      more={{
        to: paths.sendToMeCategories,
        label: t('offers.all', { count: sent.count, formatted: number(sent.count) }),
      }}
    >
      <HomeList>
        {sent.offers.map((offer) => (
          <Paper component="li" key={offer.id} withBorder radius="md" p="sm">
            <Text fw={700}>{offer.category_name}</Text>
            <Text size="sm" c="dimmed">
              {t('offers.from', { name: offer.sender_name, date: date(offer.sent_at) })}
            </Text>
          </Paper>
        ))}
      </HomeList>
    </HomeSection>
  );
}
