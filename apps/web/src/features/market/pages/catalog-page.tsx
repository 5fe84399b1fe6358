import { MARKET_SEARCH_MAX_LENGTH, marketLanguages, marketTopics } from '@flashcards/contract';
import { Button, EmptyState, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { usePastTheEnd } from '../../../lib/address-page';
import { pageCount } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useIsSignedIn } from '../../../lib/session';
import { type CatalogAccess, useCatalog } from '../api/catalog';
import {
  type CatalogSearch,
  catalogOrders,
  catalogParamsOf,
  catalogSearchFrom,
  defaultOrderFor,
  orderOf,
  ordersFor,
} from '../catalog-search';
import { CatalogCard, CatalogGridSkeleton } from '../components/catalog-card';
import '../../../lib/market-texts';

/**
 * The catalog (/market signed in, /market-public for guests): a debounced search, language and topic
 * filters and three orders, all kept in the address, and a page of 20.
 */
export function CatalogPage({ access }: { access: CatalogAccess }) {
  const { t } = useTranslation(['market', 'cards', 'pages']);
  const { number } = useFormatters();
  const signedIn = useIsSignedIn();
  const [params, setParams] = useSearchParams();
  const search = catalogSearchFrom(params);
  const catalog = useCatalog(access, search);

  // The search as last asked for: a debounced search and a click in quick succession must not undo
  // each other, and this render's copy of the address may already be stale.
  const latest = useRef(search);
  latest.current = search;
  const update = (next: Partial<CatalogSearch>, replace = false) => {
    latest.current = { ...latest.current, ...next };
    setParams(catalogParamsOf(latest.current), { replace });
  };

  // The search box asks once typing pauses, and starts again from the first page.
  const [searchInput, setSearchInput] = useState(search.q);
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text should move the address
  useEffect(() => {
    if (debouncedSearch !== search.q) update({ q: debouncedSearch, page: 1 }, true);
  }, [debouncedSearch]);
  // Back and forward bring another search into the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if (search.q !== debouncedSearch) setSearchInput(search.q);
  }, [search.q]);

  // A page past the end: step back to the first.
  const pastTheEnd = usePastTheEnd(catalog, search.page, () => update({ page: 1 }, true));

  // A signed-in reader opens the detail where they can adopt and rate, whichever list they came from.
  const detailPath = signedIn ? paths.marketCategory : paths.marketPublicCategory;
  const filtered = search.q !== '' || search.language !== null || search.topic !== null;
  const data = catalog.data;

  return (
    <Stack gap="lg">
      <PageHeading
        title={t(access === 'user' ? 'pages:titles.market' : 'pages:titles.marketPublic')}
        intro={t('catalog.intro')}
      />
      <Group component="search" aria-label={t('catalog.filters')} align="flex-end" gap="md">
        <TextInput
          type="search"
          label={t('catalog.search')}
          placeholder={t('catalog.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={searchInput}
          onChange={(event) => setSearchInput(event.currentTarget.value)}
          maxLength={MARKET_SEARCH_MAX_LENGTH}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label={t('catalog.language')}
          data={[
            { value: '', label: t('catalog.anyLanguage') },
            ...marketLanguages.map((value) => ({ value, label: t(`cards:languages.${value}`) })),
          ]}
          value={search.language ?? ''}
          onChange={(value) => update({ language: value === 'en' || value === 'bg' ? value : null, page: 1 })}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('catalog.topic')}
          data={[
            { value: '', label: t('catalog.anyTopic') },
            ...marketTopics.map((value) => ({ value, label: t(`cards:topics.${value}`) })),
          ]}
          value={search.topic ?? ''}
          onChange={(value) =>
            update({ topic: marketTopics.find((topic) => topic === value) ?? null, page: 1 })
          }
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('catalog.order')}
          data={ordersFor(search.q).map((value) => ({ value, label: t(`catalog.orders.${value}`) }))}
          value={orderOf(search)}
          onChange={(value) => {
            const order = catalogOrders.find((known) => known === value) ?? null;
            update({ order: order === defaultOrderFor(search.q) ? null : order, page: 1 });
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        {data && (
          <Text size="sm" c="dimmed" role="status" ml={{ sm: 'auto' }}>
            {t('catalog.found', { count: data.count, formatted: number(data.count) })}
          </Text>
        )}
      </Group>
      <QueryState
        query={catalog}
        waiting={pastTheEnd}
        keepData
        loading={<CatalogGridSkeleton label={t('catalog.loading')} />}
        isEmpty={(page) => page.count === 0}
        empty={
          filtered ? (
            <EmptyState
              icon={<IconFilterOff size={32} aria-hidden="true" />}
              withIndicatorBackground
              title={t('catalog.empty')}
              description={t('catalog.emptyHint')}
            >
              <EmptyState.Actions>
                <Button
                  variant="default"
                  onClick={() => {
                    setSearchInput('');
                    update({ q: '', language: null, topic: null, page: 1 });
                  }}
                >
                  {t('catalog.clearFilters')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              icon={<IconBooks size={32} aria-hidden="true" />}
              withIndicatorBackground
              title={t('catalog.emptyAll')}
              description={t('catalog.emptyAllHint')}
            />
          )
        }
      >
        {(data) => (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            aria-busy={catalog.isPlaceholderData || undefined}
            style={{ opacity: catalog.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {data?.results.map((category) => (
              <CatalogCard
                key={category.id}
                category={category}
                to={generatePath(detailPath, { categoryId: String(category.id) })}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <Pager
        page={search.page}
        pages={data ? pageCount(data.count) : 1}
        onChange={(page) => {
          update({ page });
          window.scrollTo({ top: 0 });
        }}
      />
    </Stack>
  );
}
