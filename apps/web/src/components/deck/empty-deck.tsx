import { Button, EmptyState } from '@mantine/core';
import { IconCards } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../ui/load-error';
import { PageLoader } from '../ui/page-loader';
import type { DeckSession } from './use-deck-session';

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

/**
 * A session's deck before a card can be played: the loader while it is dealt, a retry when it did not
 * load, and the empty deck with the filter and the way back when no card matches. `null` once a card is
 * there, for the session to show it.
 */
export function DeckNotReady({
  session,
  cardsPath,
  backLabel,
  onChangeFilter,
}: {
  session: Pick<DeckSession, 'dealing' | 'round' | 'card' | 'deck'>;
  cardsPath: string;
  backLabel?: string;
  onChangeFilter?: () => void;
}) {
  const { t } = useTranslation('practice');
  if (session.dealing) return <PageLoader label={t('loading.deck')} />;
  if (!session.round) return <LoadError onRetry={() => session.deck.refetch()} />;
  if (session.card) return null;
  return (
    <EmptyDeck hint={t('session.emptyHint')}>
      {onChangeFilter && <Button onClick={onChangeFilter}>{t('session.changeFilter')}</Button>}
      <Button component={Link} to={cardsPath} variant="default">
        {backLabel ?? t('session.allCards')}
      </Button>
    </EmptyDeck>
  );
}
