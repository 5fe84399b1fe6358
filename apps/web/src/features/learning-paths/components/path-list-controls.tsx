import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageFromParam } from '../../../lib/deck-keys';
import { isPathSort, type PathListParams, type PathSort, pathSorts } from '../api/get-paths';

/** The page, order and search of a path list, kept in the address so that a reload keeps them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const current: PathListParams = {
    page: pageFromParam(params.get('page')),
    sort: isPathSort(sortParam) ? sortParam : 'newest',
    search: params.get('search') ?? '',
  };
  const navigate = (next: Partial<PathListParams>) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      const merged = { ...current, ...next };
      if (merged.page > 1) updated.set('page', String(merged.page));
      else updated.delete('page');
      if (merged.sort !== 'newest') updated.set('sort', merged.sort);
      else updated.delete('sort');
      if (merged.search) updated.set('search', merged.search);
      else updated.delete('search');
      return updated;
    });
  return { params: current, navigate };
}

/** The order and the search of a path list. */
export function PathListControls({
  params,
  navigate,
  searchLabel,
}: {
  params: PathListParams;
  navigate: (next: Partial<PathListParams>) => void;
  searchLabel: string;
}) {
  const { t } = useTranslation('paths');
  const [search, setSearch] = useState(params.search);
  const [debounced] = useDebouncedValue(search.trim(), 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search goes back to the first page
  useEffect(() => {
    if (debounced !== params.search) navigate({ search: debounced, page: 1 });
  }, [debounced]);
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={searchLabel}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={280}
        type="search"
      />
      <NativeSelect
        label={t('list.sort')}
        value={params.sort}
        onChange={(event) => navigate({ sort: event.currentTarget.value as PathSort, page: 1 })}
        data={pathSorts.map((value) => ({ value, label: t(`list.sorts.${value}`) }))}
        w={220}
      />
    </Group>
  );
}
