import type { moderationItemSchema } from '@flashcards/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Grid,
  Group,
  Kbd,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClipboardCheck, IconFlag, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { generatePath, Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ageParts, REVIEW_PROMISE_HOURS } from '../../../components/catalog/market-status';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { hasStatus, useErrorMessage } from '../../../lib/api-errors';
import { pageCount, pageFromParam } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSuccessToast } from '../../../lib/use-success-toast';
import {
  useApprove,
  useDismissReport,
  useQueue,
  useQueueItem,
  useReject,
  useReports,
  useWithdraw,
} from '../api/moderation';
import { CatalogBadges } from '../components/catalog-badges';
import { ChangesView } from '../components/changes-view';
import { ReasonModal } from '../components/reason-modal';
import { SampleCards } from '../components/sample-cards';
import '../../../lib/market-texts';

type QueueItem = z.infer<typeof moderationItemSchema>;
type Tab = 'queue' | 'reports';

/** /admin/market: the staff's review queue (oldest first) and the reports of abuse. */
export function ModerationPage() {
  const { t } = useTranslation(['market', 'pages']);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'reports' ? 'reports' : 'queue';
  return (
    <Stack gap="lg">
      <PageHeading title={t('pages:titles.adminMarket')} intro={t('moderation.intro')} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'reports' ? { tab: 'reports' } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="queue" leftSection={<IconClipboardCheck size={16} aria-hidden="true" />}>
            {t('moderation.tabs.queue')}
          </Tabs.Tab>
          <Tabs.Tab value="reports" leftSection={<IconFlag size={16} aria-hidden="true" />}>
            {t('moderation.tabs.reports')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue" pt="md">
          <ReviewQueue />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ReportsList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** "Waiting 5 hours", "Waiting 3 days", or "Sent less than an hour ago", in the interface language. */
function useWaiting() {
  const { t } = useTranslation('market');
  const { duration } = useFormatters();
  return (hours: number) => {
    const { unit, value } = ageParts(hours);
    if (unit === 'hour' && value === 0) return t('moderation.waitingNew');
    return t('moderation.waiting', { age: duration(value, unit) });
  };
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function ReviewQueue() {
  const { t } = useTranslation('market');
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const selectedParam = Number(params.get('item'));
  const queue = useQueue(page);
  const items = queue.data?.results ?? [];
  const selected = items.find((item) => item.id === selectedParam) ?? null;
  const listId = useId();

  const select = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('item');
        else next.set('item', String(id));
        return next;
      },
      { replace: true },
    );

  // J and K move through the queue, as in a mail reader.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key !== 'j' && key !== 'k') return;
      if (items.length === 0) return;
      const index = items.findIndex((item) => item.id === selectedParam);
      const nextIndex =
        index === -1 ? 0 : Math.min(items.length - 1, Math.max(0, index + (key === 'j' ? 1 : -1)));
      const next = items[nextIndex];
      if (next) {
        event.preventDefault();
        select(next.id);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // After a decision the reviewed item leaves the queue: go on with the one that took its place.
  const afterDecision = (id: number) => {
    const index = items.findIndex((item) => item.id === id);
    const next = items[index + 1] ?? items[index - 1] ?? null;
    select(next && next.id !== id ? next.id : null);
  };

  return (
    <QueryState
      query={queue}
      keepData
      loading={
        <Stack gap="sm" aria-busy="true" aria-label={t('moderation.queueLabel')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={64} radius="md" />
          ))}
        </Stack>
      }
      isEmpty={(data) => data.count === 0}
      empty={
        <EmptyState
          icon={<IconClipboardCheck size={32} aria-hidden="true" />}
          withIndicatorBackground
          title={t('moderation.queueEmpty')}
          description={t('moderation.queueEmptyHint')}
        />
      }
    >
      {(data) => (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" component="nav" aria-labelledby={listId}>
              <Text fw={600} id={listId}>
                {t('moderation.queueLabel')}
              </Text>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {items.map((item) => (
                  <li key={item.id}>
                    <QueueEntry
                      item={item}
                      selected={item.id === selectedParam}
                      onSelect={() => select(item.id)}
                    />
                  </li>
                ))}
              </Stack>
              <Pager
                page={page}
                pages={pageCount(data.count)}
                onChange={(next) =>
                  setParams((current) => {
                    const updated = new URLSearchParams(current);
                    updated.set('page', String(next));
                    updated.delete('item');
                    return updated;
                  })
                }
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected ? (
              <ReviewDetail key={selected.id} item={selected} onDecided={() => afterDecision(selected.id)} />
            ) : (
              <Paper withBorder radius="lg" p="lg">
                <Stack gap="xs">
                  <Text>{t('moderation.choose')}</Text>
                  <Shortcuts />
                </Stack>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}
    </QueryState>
  );
}

function QueueEntry({
  item,
  selected,
  onSelect,
}: {
  item: QueueItem;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('market');
  const { number } = useFormatters();
  const waiting = useWaiting();
  const overdue = item.age_hours > REVIEW_PROMISE_HOURS;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected || undefined}
      w="100%"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack gap={4}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.name}
        </Text>
        <Group gap={6}>
          <Badge size="sm" variant="light" color={item.kind === 'new' ? 'blue' : 'grape'}>
            {t(`moderation.kind.${item.kind}`)}
          </Badge>
          <Text size="xs" c={overdue ? 'red.8' : 'dimmed'} fw={overdue ? 700 : undefined}>
            {waiting(item.age_hours)}
          </Text>
          {overdue && (
            <Badge size="sm" color="red" leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}>
              {t('moderation.overdue')}
            </Badge>
          )}
          {item.reports_count > 0 && (
            <Badge size="sm" color="red" variant="light">
              {t('moderation.reportsCount', {
                count: item.reports_count,
                formatted: number(item.reports_count),
              })}
            </Badge>
          )}
        </Group>
      </Stack>
    </UnstyledButton>
  );
}

function Shortcuts() {
  const { t } = useTranslation('market');
  return (
    <Text size="sm" c="dimmed">
      <Trans t={t} i18nKey="moderation.shortcuts" components={{ kbd: <Kbd size="xs" /> }} />
    </Text>
  );
}

function ReviewDetail({ item, onDecided }: { item: QueueItem; onDecided: () => void }) {
  const { t } = useTranslation(['market', 'cards']);
  const { number } = useFormatters();
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const detail = useQueueItem(item.id);
  const approve = useApprove();
  const reject = useReject();
  const [rejecting, setRejecting] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const waiting = useWaiting();

  // The reviewer goes on from the category's name when it opens.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const shown = detail.data;
  const revision = shown?.revision ?? item.revision;
  const busy = approve.isPending || reject.isPending;

  const onError = (error: unknown) => {
    if (hasStatus(error, 409)) {
      setConflict(errorMessage(error));
      setRejecting(false);
      detail.refetch();
    }
  };
  const doApprove = () => {
    if (busy || !shown) return;
    setConflict(null);
    approve.mutate(
      { id: item.id, revision },
      {
        onSuccess: () => {
          toast(t('moderation.approved', { name: shown.name }));
          onDecided();
        },
        onError,
      },
    );
  };
  const openReject = () => {
    if (busy || !shown) return;
    reject.reset();
    setRejecting(true);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'a') {
        event.preventDefault();
        doApprove();
      } else if (key === 'r') {
        event.preventDefault();
        openReject();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const body = (
    <QueryState
      query={detail}
      loading={
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={18} width="50%" />
          <Skeleton height={60} />
          <Skeleton height={160} />
        </Stack>
      }
    >
      {(data) => (
        <Stack gap="md">
          <Text size="sm">
            {t('moderation.author', { name: data.author.name, email: data.author.email })}
          </Text>
          <Group gap="xs">
            <CatalogBadges category={data} />
            <Text size="sm" c="dimmed">
              {t('moderation.revision', { revision: number(data.revision) })}
            </Text>
          </Group>
          {data.description && (
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{data.description}</Text>
          )}
          {data.changes && (
            <Stack gap="xs" component="section">
              <Title order={3} size="h4">
                {t('moderation.changes')}
              </Title>
              <ChangesView changes={data.changes} headingOrder={4} />
            </Stack>
          )}
          {data.reports.length > 0 && (
            <Stack gap="xs" component="section">
              <Title order={3} size="h4">
                {t('moderation.reports')}
              </Title>
              {data.reports.map((report) => (
                <ReportText key={report.id} report={report} />
              ))}
            </Stack>
          )}
          <Stack gap="xs" component="section">
            <Title order={3} size="h4">
              {t('moderation.cards')} ({number(data.cards.length)})
            </Title>
            <SampleCards cards={data.cards} />
          </Stack>
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Paper withBorder radius="lg" p="lg" component="article" aria-labelledby={`review-${item.id}`}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title
            order={2}
            size="h3"
            id={`review-${item.id}`}
            ref={headingRef}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere', outline: 'none' }}
          >
            {shown?.name ?? item.name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={item.kind === 'new' ? 'blue' : 'grape'}>
              {t(`moderation.kind.${item.kind}`)}
            </Badge>
            <Text size="sm" c={item.age_hours > REVIEW_PROMISE_HOURS ? 'red.8' : 'dimmed'}>
              {waiting(item.age_hours)}
            </Text>
          </Group>
        </Stack>
        {conflict && (
          <Alert color="orange" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Text size="sm">{conflict}</Text>
            <Text size="sm">{t('moderation.conflict')}</Text>
          </Alert>
        )}
        <Group gap="sm">
          <Button
            leftSection={<IconCheck size={18} aria-hidden="true" />}
            onClick={doApprove}
            loading={approve.isPending}
            disabled={!shown || reject.isPending}
            aria-keyshortcuts="A"
          >
            {t('moderation.approve')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={18} aria-hidden="true" />}
            onClick={openReject}
            disabled={!shown || approve.isPending}
            aria-keyshortcuts="R"
          >
            {t('moderation.reject')}
          </Button>
        </Group>
        {approve.isError && !hasStatus(approve.error, 409) && (
          <Alert color="red" role="alert">
            {errorMessage(approve.error)}
          </Alert>
        )}
        <Shortcuts />
        {body}
      </Stack>
      <ReasonModal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('moderation.rejectTitle', { name: shown?.name ?? item.name })}
        intro={t('moderation.rejectIntro')}
        submitLabel={t('moderation.reject')}
        danger
        loading={reject.isPending}
        error={reject.isError && !hasStatus(reject.error, 409) ? errorMessage(reject.error) : null}
        onSubmit={(reason) => {
          setConflict(null);
          reject.mutate(
            { id: item.id, revision, reason },
            {
              onSuccess: () => {
                toast(t('moderation.rejected', { name: shown?.name ?? item.name }));
                setRejecting(false);
                onDecided();
              },
              onError,
            },
          );
        }}
      />
    </Paper>
  );
}

function ReportText({ report }: { report: { reason: string; reporter: string; created_at: string } }) {
  const { t } = useTranslation('market');
  const { date } = useFormatters();
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {report.reason}
      </Text>
      <Text size="xs" c="dimmed">
        {t('moderation.reportedBy', { name: report.reporter, date: date(report.created_at) ?? '' })}
      </Text>
    </Paper>
  );
}

function ReportsList() {
  const { t } = useTranslation('market');
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const reports = useReports(page);
  const dismiss = useDismissReport();
  const withdraw = useWithdraw();
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);

  return (
    <QueryState
      query={reports}
      keepData
      loading={
        <Stack gap="sm" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={90} radius="md" />
          ))}
        </Stack>
      }
      isEmpty={(data) => data.count === 0}
      empty={
        <EmptyState
          icon={<IconFlag size={32} aria-hidden="true" />}
          withIndicatorBackground
          title={t('moderation.reportsEmpty')}
          description={t('moderation.reportsEmptyHint')}
        />
      }
    >
      {(data) => (
        <Stack gap="md">
          {dismiss.isError && (
            <Alert color="red" role="alert">
              {errorMessage(dismiss.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {data.results.map((report) => (
              <Paper key={report.id} withBorder radius="lg" p="md" component="article">
                <Stack gap="sm">
                  <Title order={2} size="h5">
                    <Anchor
                      component={Link}
                      to={generatePath(paths.marketCategory, { categoryId: String(report.category.id) })}
                    >
                      {report.category.name}
                    </Anchor>
                  </Title>
                  <ReportText report={report} />
                  <Group gap="xs" justify="flex-end">
                    <Button
                      size="xs"
                      variant="default"
                      loading={dismiss.isPending && dismiss.variables === report.id}
                      onClick={() =>
                        dismiss.mutate(report.id, { onSuccess: () => toast(t('moderation.dismissed')) })
                      }
                    >
                      {t('moderation.dismiss')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => {
                        withdraw.reset();
                        setTarget({ id: report.category.id, name: report.category.name });
                      }}
                    >
                      {t('moderation.withdraw')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          <Pager
            page={page}
            pages={pageCount(data.count)}
            onChange={(next) => setParams({ tab: 'reports', page: String(next) })}
          />
          <ReasonModal
            opened={target !== null}
            onClose={() => setTarget(null)}
            title={t('moderation.withdrawTitle', { name: target?.name ?? '' })}
            intro={t('moderation.withdrawIntro')}
            submitLabel={t('moderation.withdraw')}
            danger
            loading={withdraw.isPending}
            error={withdraw.isError ? errorMessage(withdraw.error) : null}
            onSubmit={(reason) => {
              if (!target) return;
              withdraw.mutate(
                { id: target.id, reason },
                {
                  onSuccess: () => {
                    toast(t('moderation.withdrawn', { name: target.name }));
                    setTarget(null);
                  },
                },
              );
            }}
          />
        </Stack>
      )}
    </QueryState>
  );
}
