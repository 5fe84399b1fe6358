import { AFFILIATE_MIN_PAYOUT_BGN, type AffiliatePayoutRow } from '@flashcards/contract';
import { Button, EmptyState, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { useErrorMessage } from '../../../lib/api-errors';
import { pageCount } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAffiliatePayouts } from '../api/get-affiliate-payouts';
import { usePayAffiliate } from '../api/pay-affiliate';
import { useMoney } from '../money';
import '../subscription-texts';

const nameOf = ({ user }: AffiliatePayoutRow) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** /admin/payouts: staff pay affiliates their unpaid commissions once these reach the minimum payout. */
export function AdminPayoutsPage() {
  const { t } = useTranslation(['subscriptions', 'pages', 'cards']);
  const [page, setPage] = useState(1);
  const [payableOnly, setPayableOnly] = useState(false);
  const affiliates = useAffiliatePayouts(page, payableOnly);
  const [paying, setPaying] = useState<AffiliatePayoutRow | null>(null);
  const pay = usePayAffiliate();
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const money = useMoney();
  const data = affiliates.data;
  return (
    <Stack gap="lg" py="md">
      <PageHeading
        title={t('pages:titles.adminPayouts')}
        intro={t('payouts.lead', { amount: money(AFFILIATE_MIN_PAYOUT_BGN) })}
      />
      <Switch
        label={t('payouts.payableOnly')}
        checked={payableOnly}
        onChange={(event) => {
          setPayableOnly(event.currentTarget.checked);
          setPage(1);
        }}
      />
      <QueryState
        query={affiliates}
        keepData
        loading={
          <Stack gap="sm" aria-busy="true" aria-label={t('payouts.loading')}>
            <Skeleton h={48} radius="md" />
            <Skeleton h={48} radius="md" />
            <Skeleton h={48} radius="md" />
          </Stack>
        }
        isEmpty={(page) => page.count === 0}
        empty={
          <EmptyState
            icon={<IconCash size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={payableOnly ? t('payouts.noneDue') : t('payouts.empty')}
            description={t('payouts.emptyHint')}
          />
        }
      >
        {(data) => (
          <PayoutsTable
            rows={data?.results ?? []}
            onPay={(row) => {
              pay.reset();
              setPaying(row);
            }}
          />
        )}
      </QueryState>
      <Pager page={page} pages={data ? pageCount(data.count) : 1} onChange={setPage} />
      <ConfirmModal
        opened={paying !== null}
        onClose={() => setPaying(null)}
        onConfirm={() =>
          paying &&
          pay.mutate(paying.user.id, {
            onSuccess: (payout) => {
              toast(t('payouts.done', { amount: money(payout.amount), name: nameOf(paying) }));
              setPaying(null);
            },
          })
        }
        title={t('payouts.confirmTitle', { name: paying ? nameOf(paying) : '' })}
        confirmLabel={t('payouts.confirm')}
        closeLabel={t('cards:actions.close')}
        loading={pay.isPending}
        error={pay.isError ? errorMessage(pay.error) : null}
      >
        {paying &&
          t('payouts.confirmText', {
            amount: money(paying.unpaid_total),
            count: paying.unpaid_count,
          })}
      </ConfirmModal>
    </Stack>
  );
}

function PayoutsTable({
  rows,
  onPay,
}: {
  rows: AffiliatePayoutRow[];
  onPay: (row: AffiliatePayoutRow) => void;
}) {
  const { t } = useTranslation('subscriptions');
  const money = useMoney();
  const { number } = useFormatters();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption>{t('payouts.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('payouts.affiliate')}</Table.Th>
            <Table.Th scope="col">{t('payouts.code')}</Table.Th>
            <Table.Th scope="col">{t('payouts.referrals')}</Table.Th>
            <Table.Th scope="col">{t('payouts.unpaid')}</Table.Th>
            <Table.Th scope="col">{t('payouts.paid')}</Table.Th>
            <Table.Th scope="col">{t('payouts.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.user.id}>
              <Table.Th scope="row" fw={400}>
                <Text size="sm" fw={600}>
                  {nameOf(row)}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.user.email}
                </Text>
              </Table.Th>
              <Table.Td ff="monospace">{row.affiliate_code}</Table.Td>
              <Table.Td>{number(row.referrals)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {money(row.unpaid_total)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('payouts.commissions', { count: row.unpaid_count, formatted: number(row.unpaid_count) })}
                </Text>
              </Table.Td>
              <Table.Td>{money(row.paid_total)}</Table.Td>
              <Table.Td>
                <PayButton row={row} onPay={onPay} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "Mark paid", or the same button off with the reason beside it while the total is below the minimum. */
function PayButton({ row, onPay }: { row: AffiliatePayoutRow; onPay: (row: AffiliatePayoutRow) => void }) {
  const { t } = useTranslation('subscriptions');
  const money = useMoney();
  const reasonId = useId();
  const name = nameOf(row);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        disabled={!row.payable}
        aria-describedby={row.payable ? undefined : reasonId}
        aria-label={t('payouts.markPaidFor', { name })}
        onClick={() => onPay(row)}
      >
        {t('payouts.markPaid')}
      </Button>
      {!row.payable && (
        <Text id={reasonId} size="xs" c="dimmed">
          {t('payouts.belowMinimum', { amount: money(AFFILIATE_MIN_PAYOUT_BGN) })}
        </Text>
      )}
    </Stack>
  );
}
