import type { ReportRow } from '@flashcards/contract';
import { Anchor, Button, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { RequestError } from '../../../components/ui/request-error';
import { hasStatus, useErrorMessage } from '../../../lib/api-errors';
import { downloadText } from '../../../lib/csv';
import { pageCount } from '../../../lib/deck-keys';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { exportReport } from '../api/export-report';
import { useReports } from '../api/get-reports';
import { type CsvTexts, fileSafe, reportCsv } from '../report-rows';

import { PremiumNotice } from './premium-notice';
import { ReportCardsModal } from './report-cards-modal';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';

/** One student's report: their categories and paths, a chart, the per-card detail and the CSV export. */
export function StudentReport({ email }: { email: string }) {
  const { t } = useTranslation('reports');
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<ReportRow | null>(null);
  const report = useReports(email, page);
  const data = report.data;
  const user = data?.results[0]?.user;
  const name = user ? personName(user) : email;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.reports} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('report.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>{t('report.heading', { name })}</Title>
          {user && (
            <Text c="dimmed" size="sm">
              {user.email}
            </Text>
          )}
        </Stack>
        {data && data.count > 0 && <ExportButton email={email} name={name} />}
      </Group>
      <QueryState
        query={report}
        // A refused report (403) replaces what was on screen; another failure keeps the last page.
        keepData={!hasStatus(report.error, 403)}
        loading={
          <Stack gap="xs" aria-busy="true" aria-label={t('report.loading')}>
            <Skeleton h={260} radius="md" />
            <Skeleton h={64} radius="md" />
            <Skeleton h={64} radius="md" />
          </Stack>
        }
        error={(error, retry) =>
          hasStatus(error, 403) ? (
            <PremiumNotice error={error} />
          ) : (
            <RequestError error={error} onRetry={retry} />
          )
        }
        isEmpty={(rows) => rows.count === 0}
        empty={
          <EmptyState
            icon={<IconChartBar size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('report.empty')}
            description={t('report.emptyHint')}
          />
        }
      >
        {(rows) => (
          <>
            <ReportChart rows={rows.results} />
            <ReportTable rows={rows.results} caption={t('report.rowsHeading')} onDetails={setDetails} />
            <Pager page={page} pages={pageCount(rows.count)} onChange={setPage} />
          </>
        )}
      </QueryState>
      <ReportCardsModal email={email} row={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}

/** Downloads every row of the student's report as a CSV file, headed in the interface language. */
function ExportButton({ email, name }: { email: string; name: string }) {
  const { t } = useTranslation('reports');
  const message = useErrorMessage();
  const [state, setState] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const texts: CsvTexts = {
    header: [
      t('columns.kind'),
      t('columns.category'),
      t('columns.learningPath'),
      t('columns.type'),
      t('columns.created'),
      t('columns.cards'),
      t('columns.learnedVerbal'),
      t('columns.learnedTyping'),
      t('columns.rightVerbal'),
      t('columns.wrongVerbal'),
      t('columns.rightTyping'),
      t('columns.wrongTyping'),
    ],
    category: t('columns.category'),
    learningPath: t('columns.learningPath'),
    text: t('report.text'),
    picture: t('report.picture'),
  };
  const download = async () => {
    setState({ loading: true, error: null });
    try {
      const rows = await exportReport(email);
      downloadText(t('csv.fileName', { name: fileSafe(name) }), reportCsv(rows, texts));
      setState({ loading: false, error: null });
    } catch (error) {
      setState({ loading: false, error });
    }
  };
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        loading={state.loading}
        onClick={download}
      >
        {t('report.export')}
      </Button>
      {state.error !== null && (
        <Text size="sm" c="red.8" role="alert">
          {t('report.exportFailed')} {message(state.error)}
        </Text>
      )}
    </Stack>
  );
}
