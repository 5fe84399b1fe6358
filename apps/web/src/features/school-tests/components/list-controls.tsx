import { NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListSort, listSorts } from '../api/test-keys';

/** A search box that waits for the typing to pause before it changes the list. */
export function SearchBox({
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

/** The order of a list of tests or exams: by date or by name, either way. */
export function SortSelect({ value, onChange }: { value: ListSort; onChange: (sort: ListSort) => void }) {
  const { t } = useTranslation('tests');
  return (
    <NativeSelect
      label={t('list.sort')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ListSort)}
      data={listSorts.map((sort) => ({ value: sort, label: t(`list.sorts.${sort}`) }))}
      w={200}
    />
  );
}
