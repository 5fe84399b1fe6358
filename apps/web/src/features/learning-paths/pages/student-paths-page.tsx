import { Anchor, Card, EmptyState, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ListControls } from '../../../components/list/list-controls';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { pageCount } from '../../../lib/deck-keys';
import { useListParams } from '../../../lib/list-params';
import { paths } from '../../../lib/paths';
import { usePaths } from '../api/get-paths';
import { CompletedBadges, LearnedLine, personOf, TodayLine, usePathDays } from '../components/path-summary';
import '../path-texts';

/** /my-learning-paths: the paths assigned to me, 20 a page, sorted and searched. */
export function StudentPathsPage() {
  const { t } = useTranslation(['paths', 'pages']);
  const pathDays = usePathDays();
  const { params, navigate } = useListParams();
  const list = usePaths('student', params);
  const data = list.data;
  const pages = data ? pageCount(data.count) : 1;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages:titles.myLearningPaths')}</Title>
      <ListControls
        params={params}
        navigate={navigate}
        searchLabel={t('list.searchStudent')}
        sortLabel={t('list.sort')}
        sortOption={(sort) => t(`list.sorts.${sort}`)}
        total={{ count: data?.count, text: (values) => t('list.total', values) }}
      />
      <QueryState
        query={list}
        keepData
        loading={<Skeleton h={240} radius="md" aria-label={t('list.loading')} />}
        isEmpty={(page) => page.count === 0}
        empty={
          <EmptyState
            icon={<IconMap2 size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={params.search ? t('list.noneFound') : t('list.emptyStudent')}
            description={params.search ? undefined : t('list.emptyStudentHint')}
          />
        }
      >
        {(data) => (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            aria-busy={list.isPlaceholderData || undefined}
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
          >
            {data?.results.map((path) => (
              <Card key={path.id} withBorder radius="lg" padding="md" component="article">
                <Stack gap={6}>
                  <Title order={2} size="h4">
                    <Anchor
                      component={Link}
                      to={generatePath(paths.learningPathProgress, { learningPathId: String(path.id) })}
                    >
                      {path.name}
                    </Anchor>
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('list.fromTeacher', { name: personOf(path.created_by_user) })} · {path.category.name}
                  </Text>
                  <Text size="sm">{pathDays(path)}</Text>
                  <TodayLine path={path} />
                  <LearnedLine path={path} />
                  <CompletedBadges path={path} />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <Pager
        page={params.page}
        pages={pages}
        onChange={(next) => {
          navigate({ page: next });
          window.scrollTo({ top: 0 });
        }}
      />
    </Stack>
  );
}
