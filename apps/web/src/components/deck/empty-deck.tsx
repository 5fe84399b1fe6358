import { EmptyState } from '@mantine/core';
import { IconCards } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** "No more cards with given filters": everything that matches is learned, or nothing matches. */
export function EmptyDeck({ hint, children }: { hint: string; children?: ReactNode }) {
  const { t } = useTranslation('practice');
  return (
    <EmptyState
      icon={<IconCards size={32} aria-hidden="true" />}
      withIndicatorBackground
      title={t('session.empty')}
      description={hint}
    >
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}
