import type { Affiliate } from '@flashcards/contract';
import { Anchor, Badge, List, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAffiliate } from '../api/get-affiliate';
import { ReferralLink } from '../components/referral-link';
import { isPositive, percentOf, useMoney } from '../money';
import '../subscription-texts';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { SectionCard } from '../../../components/ui/section-card';

const CommissionsChart = lazy(() =>
  import('../components/commissions-chart').then((m) => ({ default: m.CommissionsChart })),
);

/** /affiliates: my referral link, the rules, the people I referred and what their payments earned me. */
export function AffiliatesPage() {
  const { t } = useTranslation(['subscriptions', 'pages']);
  const affiliate = useAffiliate();
  return (
    <Stack gap="xl" py="md">
      <PageHeading title={t('pages:titles.affiliates')} intro={t('affiliates.lead')} />
      <QueryState
        query={affiliate}
        loading={
          <Stack gap="md" aria-busy="true" aria-label={t('affiliates.loading')}>
            <Skeleton h={140} radius="lg" />
            <Skeleton h={240} radius="lg" />
          </Stack>
        }
      >
        {(data) => <AffiliateDetails affiliate={data} />}
      </QueryState>
    </Stack>
  );
}

function AffiliateDetails({ affiliate }: { affiliate: Affiliate }) {
  const { t } = useTranslation('subscriptions');
  const money = useMoney();
  const rate = percentOf(affiliate.commission);
  return (
    <>
      <ReferralLink affiliate={affiliate} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('affiliates.rulesTitle')}>
          <List spacing="xs">
            <List.Item>{t('affiliates.rules.rate', { rate })}</List.Item>
            <List.Item>{t('affiliates.rules.months', { count: affiliate.commission_months })}</List.Item>
            <List.Item>{t('affiliates.rules.payout', { amount: money(affiliate.min_payout) })}</List.Item>
          </List>
          <Anchor component={Link} to={paths.affiliatesRules} fw={600}>
            {t('affiliates.rules.more')}
          </Anchor>
        </SectionCard>
        <SectionCard title={t('affiliates.totalsTitle')}>
          <SimpleGrid component="dl" cols={2} spacing="md" m={0}>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('affiliates.total')}
              </Text>
              <Text component="dd" m={0} fz={28} fw={800} data-testid="affiliate-total">
                {money(affiliate.total)}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('affiliates.unpaid')}
              </Text>
              <Text component="dd" m={0} fz={28} fw={800} data-testid="affiliate-unpaid">
                {money(affiliate.unpaid_total)}
              </Text>
            </div>
          </SimpleGrid>
        </SectionCard>
      </SimpleGrid>
      <SectionCard title={t('affiliates.byMonthTitle')}>
        <MonthlyCommissions affiliate={affiliate} />
      </SectionCard>
      <SectionCard title={t('affiliates.referralsTitle')}>
        <Referrals affiliate={affiliate} />
      </SectionCard>
      <SectionCard title={t('affiliates.commissionsTitle')}>
        <Commissions affiliate={affiliate} />
      </SectionCard>
    </>
  );
}

function MonthlyCommissions({ affiliate }: { affiliate: Affiliate }) {
  const { t, i18n } = useTranslation('subscriptions');
  const bars = useMemo(() => {
    const label = monthLabel(i18n.resolvedLanguage ?? 'en');
    return affiliate.by_month.map(({ month, amount }, index) => ({
      month: label(month, index === 0),
      amount: Number(amount),
    }));
  }, [affiliate.by_month, i18n.resolvedLanguage]);
  if (!affiliate.by_month.some(({ amount }) => isPositive(amount))) {
    return <Text c="dimmed">{t('affiliates.noCommissions')}</Text>;
  }
  return (
    <figure style={{ margin: 0 }} aria-label={t('affiliates.chartLabel')}>
      <Suspense fallback={<Skeleton h={240} radius="md" />}>
        <CommissionsChart bars={bars} seriesLabel={t('affiliates.chartSeries')} />
      </Suspense>
    </figure>
  );
}

/**
 * A short name of a `YYYY-MM` month for the chart's axis, with the year on the first bar and on January.
 * Bulgarian's short month is a number ("12"), so it takes the first three letters of the month's name
 * ("дек"), the usual abbreviation.
 */
export function monthLabel(language: string) {
  const names = new Intl.DateTimeFormat(language, {
    month: language === 'bg' ? 'long' : 'short',
    timeZone: 'UTC',
  });
  return (month: string, first: boolean) => {
    const date = new Date(`${month}-01T00:00:00Z`);
    const name = names.format(date).slice(0, 3);
    return first || date.getUTCMonth() === 0 ? `${name} ${date.getUTCFullYear()}` : name;
  };
}

function Referrals({ affiliate }: { affiliate: Affiliate }) {
  const { t } = useTranslation('subscriptions');
  const { date } = useFormatters();
  if (affiliate.affiliate_referrals.length === 0)
    return <Text c="dimmed">{t('affiliates.noReferrals')}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('affiliates.person')}</Table.Th>
            <Table.Th scope="col">{t('affiliates.signedUp')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {affiliate.affiliate_referrals.map((referral) => (
            <Table.Tr key={referral.id}>
              <Table.Td>{referral.referred_user.name}</Table.Td>
              <Table.Td>{date(referral.referral_date)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Commissions({ affiliate }: { affiliate: Affiliate }) {
  const { t } = useTranslation('subscriptions');
  const { date } = useFormatters();
  const money = useMoney();
  if (affiliate.commissions.length === 0) return <Text c="dimmed">{t('affiliates.noCommissions')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('affiliates.person')}</Table.Th>
            <Table.Th scope="col">{t('affiliates.amount')}</Table.Th>
            <Table.Th scope="col">{t('affiliates.earned')}</Table.Th>
            <Table.Th scope="col">{t('affiliates.status')}</Table.Th>
            <Table.Th scope="col">{t('affiliates.paidOn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {affiliate.commissions.map((commission) => (
            <Table.Tr key={commission.id}>
              <Table.Td>{commission.referred_user.name}</Table.Td>
              <Table.Td>{money(commission.amount)}</Table.Td>
              <Table.Td>{date(commission.created_at)}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={commission.is_paid ? 'teal' : 'gray'}
                  c="var(--mantine-color-text)"
                >
                  {commission.is_paid ? t('affiliates.paid') : t('affiliates.notPaid')}
                </Badge>
              </Table.Td>
              <Table.Td>
                {(commission.payment_date && date(commission.payment_date)) || t('affiliates.notYet')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
