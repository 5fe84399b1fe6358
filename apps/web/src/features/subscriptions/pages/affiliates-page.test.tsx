import { affiliateRoutes } from '@flashcards/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { affiliate } from '../subscription-fixtures';
import { AffiliatesPage, monthLabel } from './affiliates-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('my affiliate account', () => {
  it('copies my referral link and says it did', async () => {
    fakeApi().on(affiliateRoutes.affiliateDetails, affiliate());
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithProviders(<AffiliatesPage />, {
      at: '/affiliates',
      path: '/affiliates',
      signedIn: true,
      mantineEnv: 'test',
    });
    const link = await screen.findByRole('textbox', { name: 'Referral link' });
    expect((link as HTMLInputElement).value).toBe('https://cards.example/signup?ref=ANNA7');
    expect(screen.getByText('ANNA7')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://cards.example/signup?ref=ANNA7');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
  });

  it('shows the rules, the totals, the people referred and the commissions', async () => {
    fakeApi().on(affiliateRoutes.affiliateDetails, affiliate());
    renderWithProviders(<AffiliatesPage />, {
      at: '/affiliates',
      path: '/affiliates',
      signedIn: true,
      mantineEnv: 'test',
    });
    const rules = await screen.findByRole('region', { name: 'How it works' });
    expect(
      within(rules).getByText('You earn 20% of every payment of the people you referred.'),
    ).toBeVisible();
    expect(within(rules).getByText('For 12 months after each person signs up.')).toBeVisible();
    expect(plain(within(rules).getByText(/We pay out/).textContent)).toBe(
      'We pay out once your unpaid commissions reach BGN 100.00 or more.',
    );
    expect(within(rules).getByRole('link', { name: 'Read the affiliate rules' }).getAttribute('href')).toBe(
      '/affiliates-rules',
    );
    expect(plain(screen.getByTestId('affiliate-total').textContent)).toBe('BGN 25.20');
    expect(plain(screen.getByTestId('affiliate-unpaid').textContent)).toBe('BGN 22.80');
    const referrals = screen.getByRole('region', { name: 'People you referred' });
    expect(within(referrals).getByRole('row', { name: 'Boris P. March 2, 2026' })).toBeVisible();
    const commissions = screen.getByRole('region', { name: 'Commissions' });
    expect(
      within(commissions).getByRole('row', { name: /BGN\s22\.80 April 5, 2026 Unpaid Not yet/ }),
    ).toBeVisible();
    expect(
      within(commissions).getByRole('row', { name: /BGN\s2\.40 March 5, 2026 Paid April 1, 2026/ }),
    ).toBeVisible();
  });

  it('names the months of the chart shortly, with the year where it starts and turns', () => {
    const en = monthLabel('en');
    const bg = monthLabel('bg');
    expect([en('2025-12', true), en('2026-01', false), en('2026-02', false)]).toEqual([
      'Dec 2025',
      'Jan 2026',
      'Feb',
    ]);
    expect([bg('2025-12', true), bg('2026-01', false), bg('2026-05', false)]).toEqual([
      'дек 2025',
      'яну 2026',
      'май',
    ]);
  });

  it('says when nothing was earned yet', async () => {
    fakeApi().on(
      affiliateRoutes.affiliateDetails,
      affiliate({
        affiliate_referrals: [],
        commissions: [],
        by_month: [{ month: '2026-04', amount: '0.00' }],
        total: '0.00',
        unpaid_total: '0.00',
      }),
    );
    renderWithProviders(<AffiliatesPage />, {
      at: '/affiliates',
      path: '/affiliates',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(await screen.findByText('Nobody has signed up through your link yet.')).toBeVisible();
    expect(screen.getAllByText('No commissions yet.')).toHaveLength(2);
  });
});
