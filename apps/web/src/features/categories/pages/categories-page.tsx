import type { Category } from '@flashcards/contract';
import { Button, EmptyState, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFolderOpen, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type CategoryAction,
  CategoryCard,
  CategoryGrid,
  CategoryGridSkeleton,
} from '../../../components/ui/category-card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { usePastTheEnd } from '../../../lib/address-page';
import { useErrorMessage } from '../../../lib/api-errors';
import { pageCount, pageFromParam } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { isListSort, type ListSort, listSorts } from '../../../lib/list-params';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useDeleteCategory } from '../api/delete-category';
import { type CategoryList, useCategories } from '../api/get-categories';
import { useResetCategory } from '../api/reset-category';
import { CategoryFormModal } from '../components/category-form-modal';
import { MergeCategoryModal } from '../components/merge-category-modal';

// Offline study's code (IndexedDB, the media cache) comes once a category's menu is used.
const KeepOfflineModal = lazy(() =>
  import('../../../components/offline/keep-offline-modal').then((module) => ({
    default: module.KeepOfflineModal,
  })),
);

/** My categories (text and picture) or my kids categories: a page of 20, sorted, with their maintenance. */
export function CategoriesPage({ list }: { list: CategoryList }) {
  const { t } = useTranslation(['cards', 'pages']);
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const sortParam = params.get('sort');
  const sort: ListSort = isListSort(sortParam) ? sortParam : 'newest';
  const categories = useCategories(list, { page, sort });

  const [creating, create] = useDisclosure(false);
  // The category stays while its dialog fades out; the action says which dialog is open.
  const [target, setTarget] = useState<{ action: CategoryAction | null; category: Category } | null>(null);
  const remove = useDeleteCategory();
  const reset = useResetCategory();

  const navigate = (next: { page?: number; sort?: ListSort }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const nextPage = next.page ?? page;
        const nextSort = next.sort ?? sort;
        if (nextPage > 1) updated.set('page', String(nextPage));
        else updated.delete('page');
        if (nextSort !== 'newest') updated.set('sort', nextSort);
        else updated.delete('sort');
        return updated;
      },
      { preventScrollReset: false },
    );

  // A page past the end (the last category of the last page went): step back to one that exists.
  const pastTheEnd = usePastTheEnd(categories, page, () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('page', String(page - 1));
        return updated;
      },
      { replace: true },
    ),
  );

  const close = () => {
    setTarget((current) => (current ? { ...current, action: null } : null));
    remove.reset();
    reset.reset();
  };
  const opened = (action: CategoryAction) => target?.action === action;
  const onAction = (action: CategoryAction, category: Category) => {
    remove.reset();
    reset.reset();
    setTarget({ action, category });
  };

  const confirmDelete = () => {
    if (!target) return;
    const { category } = target;
    remove.mutate(category.id, {
      onSuccess: () => {
        toast(t('deleteCategory.done', { name: category.name }));
        close();
      },
    });
  };
  const confirmReset = () => {
    if (!target) return;
    const { category } = target;
    reset.mutate(category.id, {
      onSuccess: () => {
        toast(t('resetCategory.done', { name: category.name }));
        close();
      },
    });
  };

  const data = categories.data;
  const pages = data ? pageCount(data.count) : 1;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t(list === 'kids' ? 'pages:titles.kids' : 'pages:titles.myCategories')}</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={create.open}>
          {list === 'kids' ? t('categories.createKids') : t('categories.create')}
        </Button>
      </Group>
      <Group justify="space-between" align="flex-end" gap="sm">
        <NativeSelect
          label={t('categories.sort')}
          value={sort}
          onChange={(event) => navigate({ sort: event.currentTarget.value as ListSort, page: 1 })}
          data={listSorts.map((value) => ({ value, label: t(`categories.sorts.${value}`) }))}
          w={220}
        />
        {data && data.count > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('categories.total', { count: data.count, formatted: number(data.count) })}
          </Text>
        )}
      </Group>
      <QueryState
        query={categories}
        waiting={pastTheEnd}
        keepData
        loading={<CategoryGridSkeleton />}
        isEmpty={(page) => page.count === 0}
        empty={
          <EmptyState
            icon={<IconFolderOpen size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('categories.empty')}
            description={list === 'kids' ? t('categories.emptyKidsHint') : t('categories.emptyHint')}
          >
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={create.open}>
                {t('categories.create')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        }
      >
        {(data) => (
          <CategoryGrid busy={categories.isPlaceholderData}>
            {data?.results.map((category) => (
              <CategoryCard key={category.id} category={category} onAction={onAction} />
            ))}
          </CategoryGrid>
        )}
      </QueryState>
      <Pager
        page={page}
        pages={pages}
        onChange={(next) => {
          navigate({ page: next });
          window.scrollTo({ top: 0 });
        }}
      />

      <CategoryFormModal list={list} opened={creating} onClose={create.close} />
      <CategoryFormModal list={list} category={target?.category} opened={opened('edit')} onClose={close} />
      <MergeCategoryModal
        list={list}
        category={target?.category ?? null}
        opened={opened('merge')}
        onClose={close}
      />
      {target && (
        <Suspense fallback={null}>
          <KeepOfflineModal category={target.category} opened={opened('offline')} onClose={close} />
        </Suspense>
      )}
      <ConfirmModal
        opened={opened('delete')}
        onClose={close}
        onConfirm={confirmDelete}
        title={t('deleteCategory.title')}
        confirmLabel={t('deleteCategory.confirm')}
        closeLabel={t('actions.close')}
        danger
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
      >
        {target
          ? t('deleteCategory.text', {
              name: target.category.name,
              count: target.category.cards_len,
              formatted: number(target.category.cards_len),
            })
          : ''}
      </ConfirmModal>
      <ConfirmModal
        opened={opened('reset')}
        onClose={close}
        onConfirm={confirmReset}
        title={t('resetCategory.title')}
        confirmLabel={t('resetCategory.confirm')}
        closeLabel={t('actions.close')}
        danger
        loading={reset.isPending}
        error={reset.isError ? errorMessage(reset.error) : null}
      >
        {target ? t('resetCategory.text', { name: target.category.name }) : ''}
      </ConfirmModal>
    </Stack>
  );
}
