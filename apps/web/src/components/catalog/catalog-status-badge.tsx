import type { Category } from '@flashcards/contract';
import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { catalogStatusOf, statusColors } from './market-status';
import '../../lib/market-texts';

/** Where one of my categories stands with the catalog: not published, waiting, on the catalog, rejected. */
export function CatalogStatusBadge({
  category,
  hideUnpublished = false,
}: {
  category: Pick<Category, 'market_approvement' | 'market_accessible'>;
  /** In lists, a category never offered to the catalog needs no badge. */
  hideUnpublished?: boolean;
}) {
  const { t } = useTranslation('market');
  const status = catalogStatusOf(category);
  if (hideUnpublished && status === 'notPublished') return null;
  return (
    <Badge variant="filled" color={statusColors[status]} title={t('status.label')}>
      <VisuallyHidden>{`${t('status.label')}: `}</VisuallyHidden>
      {t(`status.${status}`)}
    </Badge>
  );
}
