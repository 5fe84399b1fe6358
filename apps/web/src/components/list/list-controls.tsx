import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useFormatters } from '../../lib/format';
import { type ListSort, listSorts } from '../../lib/list-params';

/** A search box that waits for the typing to pause before it changes the list. */
function SearchBox({
  value,
  onSearch,
  label,
}: {
  value: string;
  onSearch: (search: string) => void;
  label: string;
}) {
  const [search, setSearch] = useState(value);
  const [debounced] = useDebouncedValue(search.trim(), 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search changes the list
  useEffect(() => {
    if (debounced !== value) onSearch(debounced);
  }, [debounced]);
  return (
    <TextInput
      label={label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={search}
      onChange={(event) => setSearch(event.currentTarget.value)}
      w={260}
      type="search"
    />
  );
}

/** The order of a list: by date or by name, either way. */
function SortSelect({
  value,
  onChange,
  label,
  sortLabel,
}: {
  value: ListSort;
  onChange: (sort: ListSort) => void;
  label: string;
  sortLabel: (sort: ListSort) => string;
}) {
  return (
    <NativeSelect
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ListSort)}
      data={listSorts.map((sort) => ({ value: sort, label: sortLabel(sort) }))}
      w={200}
    />
  );
}

/** How many a list holds, in the feature's words ("12 paths"); `count` is undefined until the list loads. */
export interface ListTotal {
  count: number | undefined;
  text: (values: { count: number; formatted: string }) => string;
}

/**
 * The head of a list of paths, tests or exams: a search, the feature's own filters (`children`) and the
 * order, and with `total` how many it holds (announced as it changes; hidden while none). A new search or
 * order goes back to the first page.
 */
export function ListControls({
  params,
  navigate,
  searchLabel,
  sortLabel,
  sortOption,
  total,
  children,
}: {
  params: { search: string; sort: ListSort };
  navigate: (next: { search?: string; sort?: ListSort; page?: number }) => void;
  searchLabel: string;
  sortLabel: string;
  sortOption: (sort: ListSort) => string;
  total?: ListTotal;
  children?: ReactNode;
}) {
  const { number } = useFormatters();
  const controls = (
    <Group align="flex-end" gap="sm">
      <SearchBox
        label={searchLabel}
        value={params.search}
        onSearch={(search) => navigate({ search, page: 1 })}
      />
      {children}
      <SortSelect
        label={sortLabel}
        sortLabel={sortOption}
        value={params.sort}
        onChange={(sort) => navigate({ sort, page: 1 })}
      />
    </Group>
  );
  if (!total) return controls;
  const { count } = total;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      {controls}
      {count !== undefined && count > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {total.text({ count, formatted: number(count) })}
        </Text>
      )}
    </Group>
  );
}
