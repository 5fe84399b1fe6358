import type { Payment } from '@flashcards/contract';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { useMoney } from '../money';

/** My payments, newest first: date, plan, amount and whether it was refunded. */
export function PaymentsTable({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation('subscriptions');
  const { date } = useFormatters();
  const money = useMoney();
  if (payments.length === 0) return <Text c="dimmed">{t('payments.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption>{t('payments.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('payments.date')}</Table.Th>
            <Table.Th scope="col">{t('payments.plan')}</Table.Th>
            <Table.Th scope="col">{t('payments.amount')}</Table.Th>
            <Table.Th scope="col">{t('payments.paidUntil')}</Table.Th>
            <Table.Th scope="col">{t('payments.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>{date(payment.created_at)}</Table.Td>
              <Table.Td>{t(`plans.${payment.plan}.name`)}</Table.Td>
              <Table.Td>{money(payment.amount, payment.currency)}</Table.Td>
              <Table.Td>{date(payment.period_end)}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={payment.status === 'paid' ? 'teal' : 'gray'}
                  c="var(--mantine-color-text)"
                >
                  {t(`payments.statuses.${payment.status}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
