import { type ExamStatus, examStatusSchema } from '@flashcards/contract';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageFromParam } from '../../../lib/deck-keys';
import { type ExamSort, examSorts, isExamSort, type StudentExamsParams } from '../api/get-student-exams';

const statusOf = (value: string | null): ExamStatus | null => {
  const parsed = examStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The page, order, search and status of the exam list, kept in the address so that a reload keeps them. */
export function useExamListParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const current: StudentExamsParams = {
    page: pageFromParam(params.get('page')),
    sort: isExamSort(sortParam) ? sortParam : 'newest',
    search: params.get('search') ?? '',
    status: statusOf(params.get('status')),
  };
  const navigate = (next: Partial<StudentExamsParams>) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      const merged = { ...current, ...next };
      const keep = (name: string, value: string | null, fallback: string | null) => {
        if (value && value !== fallback) updated.set(name, value);
        else updated.delete(name);
      };
      keep('page', String(merged.page), '1');
      keep('sort', merged.sort, 'newest');
      keep('search', merged.search, null);
      keep('status', merged.status, null);
      return updated;
    });
  return { params: current, navigate };
}

/** The search, the order and the status filter of the exam list. */
export function ExamListControls({
  params,
  navigate,
}: {
  params: StudentExamsParams;
  navigate: (next: Partial<StudentExamsParams>) => void;
}) {
  const { t } = useTranslation('exams');
  const [search, setSearch] = useState(params.search);
  const [debounced] = useDebouncedValue(search.trim(), 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search goes back to the first page
  useEffect(() => {
    if (debounced !== params.search) navigate({ search: debounced, page: 1 });
  }, [debounced]);
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={t('list.search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={260}
        type="search"
      />
      <NativeSelect
        label={t('list.statusFilter')}
        value={params.status ?? ''}
        onChange={(event) => navigate({ status: statusOf(event.currentTarget.value), page: 1 })}
        data={[
          { value: '', label: t('list.allStatuses') },
          ...examStatusSchema.options.map((value) => ({ value, label: t(`status.${value}`) })),
        ]}
        w={180}
      />
      <NativeSelect
        label={t('list.sort')}
        value={params.sort}
        onChange={(event) => navigate({ sort: event.currentTarget.value as ExamSort, page: 1 })}
        data={examSorts.map((value) => ({ value, label: t(`list.sorts.${value}`) }))}
        w={200}
      />
    </Group>
  );
}
