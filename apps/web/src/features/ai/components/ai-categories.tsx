import { Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryCard, CategoryGrid, CategoryGridSkeleton } from '../../../components/ui/category-card';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { pageCount, pageFromParam } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { useAiCategories } from '../api/get-ai-categories';

/** My AI categories, newest first, each leading to its cards and its practice; paged by 20. */
export function AiCategories({ onGenerate }: { onGenerate: () => void }) {
  const { t } = useTranslation('ai');
  const { number } = useFormatters();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const categories = useAiCategories(page);
  const data = categories.data;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3" id={headingId}>
          {t('categories.title')}
        </Title>
        {data && data.count > 0 && (
          <Text size="sm" c="dimmed">
            {t('categories.total', { count: data.count, formatted: number(data.count) })}
          </Text>
        )}
      </Group>
      <QueryState
        query={categories}
        keepData
        loading={<CategoryGridSkeleton count={3} />}
        isEmpty={(page) => page.count === 0}
        empty={
          <EmptyState
            icon={<IconSparkles size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('categories.empty')}
            description={t('categories.emptyHint')}
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={onGenerate}>
                {t('categories.generate')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        }
      >
        {(data) => (
          <CategoryGrid busy={categories.isPlaceholderData}>
            {data.results.map((category) => (
              <CategoryCard key={category.id} category={category} headingOrder={3} />
            ))}
          </CategoryGrid>
        )}
      </QueryState>
      <Pager
        page={page}
        pages={data ? pageCount(data.count) : 1}
        onChange={(next) =>
          setParams((current) => {
            const updated = new URLSearchParams(current);
            if (next > 1) updated.set('page', String(next));
            else updated.delete('page');
            return updated;
          })
        }
      />
    </Stack>
  );
}
