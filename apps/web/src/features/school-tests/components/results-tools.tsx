import { Button, Group, Skeleton } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { RequestError } from '../../../components/ui/request-error';
import { paths } from '../../../lib/paths';
import type { ExamFilters } from '../api/exams';
import { useExamAnalysis, useExportExamResults } from '../api/results';
import { ItemAnalysis } from './item-analysis';
import '../../../lib/results-texts';

/** The list's filters as the results sheet's address carries them (the same names as the list's). */
export const filtersSearch = ({ testId, status, search }: ExamFilters) => {
  const query = new URLSearchParams();
  if (testId !== null) query.set('test_id', String(testId));
  if (status !== null) query.set('status', status);
  if (search !== '') query.set('search', search);
  const text = query.toString();
  return text ? `?${text}` : '';
};

/** Export the filtered results as CSV, or open them as a printable sheet. */
export function ResultsActions({ filters }: { filters: ExamFilters }) {
  const { t } = useTranslation('results');
  const download = useExportExamResults();
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        onClick={() => download.mutate(filters)}
        loading={download.isPending}
      >
        {t('export.csv')}
      </Button>
      <Button
        variant="default"
        component={Link}
        to={`${paths.schoolExamsPrint}${filtersSearch(filters)}`}
        leftSection={<IconPrinter size={16} aria-hidden="true" />}
      >
        {t('export.print')}
      </Button>
      {download.isError && <RequestError error={download.error} onRetry={() => download.mutate(filters)} />}
    </Group>
  );
}

/** The item analysis of the filtered exams, with its loading and failure states. */
export function AnalysisBlock({ filters }: { filters: ExamFilters }) {
  const { t } = useTranslation('results');
  const analysis = useExamAnalysis(filters);
  return (
    <QueryState
      query={analysis}
      loading={<Skeleton h={220} radius="md" aria-label={t('analysis.loading')} />}
    >
      {(data) => <ItemAnalysis analysis={data} />}
    </QueryState>
  );
}
