import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The page control of a paginated list (20 a page): hidden when everything fits on one page. Every control
 * is a named button; the current page is marked with aria-current.
 */
export function Pager({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('cards');
  if (pages <= 1) return null;
  return (
    <Center component="nav" aria-label={t('pager.label')}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        withEdges={pages > 5}
        getItemProps={(item) => ({
          'aria-label': t('pager.page', { page: item }),
          'aria-current': item === page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      />
    </Center>
  );
}
