import { adminAffiliateRoutes } from '@flashcards/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { fakeApi, page } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { payoutRow } from '../subscription-fixtures';
import { AdminPayoutsPage } from './admin-payouts-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('staff pay affiliates out', () => {
  it('marks an affiliate paid after asking, and says so', async () => {
    let paid = false;
    const server = fakeApi()
      .on(adminAffiliateRoutes.adminAffiliates, () =>
        page([
          paid
            ? payoutRow(3, 'Anna', {
                unpaid_total: '0.00',
                unpaid_count: 0,
                paid_total: '120.00',
                payable: false,
              })
            : payoutRow(3, 'Anna'),
        ]),
      )
      .on(adminAffiliateRoutes.payAffiliate, () => {
        paid = true;
        return { paid_count: 4, amount: '120.00', paid_at: '2026-11-24T10:00:00Z' };
      });
    renderWithProviders(<AdminPayoutsPage />, {
      at: '/admin/payouts',
      path: '/admin/payouts',
      signedIn: true,
      mantineEnv: 'test',
      notifications: true,
    });
    await screen.findByRole('table', { name: 'Affiliates and their commissions' });
    await userEvent.click(
      within(rowOf('Anna Petrova')).getByRole('button', { name: 'Mark paid: Anna Petrova' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pay out Anna Petrova?' });
    expect(
      within(dialog).getByText(/Mark 4 unpaid commissions, BGN\s120\.00 in total, as paid/),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(/Paid out BGN\s120\.00 to Anna Petrova/)).toBeVisible();
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/api/admin/affiliates/3/payout/',
    ]);
    await waitFor(() =>
      expect(
        within(rowOf('Anna Petrova'))
          .getByRole('button', { name: 'Mark paid: Anna Petrova' })
          .hasAttribute('disabled'),
      ).toBe(true),
    );
  });

  it('keeps the button off below the minimum, with the reason, and filters the payable ones', async () => {
    const server = fakeApi().on(
      adminAffiliateRoutes.adminAffiliates,
      page([
        payoutRow(3, 'Anna'),
        payoutRow(4, 'Boris', { unpaid_total: '40.00', unpaid_count: 2, payable: false }),
      ]),
    );
    renderWithProviders(<AdminPayoutsPage />, {
      at: '/admin/payouts',
      path: '/admin/payouts',
      signedIn: true,
      mantineEnv: 'test',
    });
    await screen.findByRole('table', { name: 'Affiliates and their commissions' });
    const button = within(rowOf('Boris Petrova')).getByRole('button', { name: 'Mark paid: Boris Petrova' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent?.replace(/\s/g, ' ')).toBe('Below the minimum of BGN 100.00');
    expect(
      within(rowOf('Anna Petrova'))
        .getByRole('button', { name: 'Mark paid: Anna Petrova' })
        .hasAttribute('disabled'),
    ).toBe(false);

    await userEvent.click(screen.getByRole('switch', { name: 'Only affiliates ready for a payout' }));
    await waitFor(() =>
      expect(server.calls.at(-1)?.url.href).toBe(
        'http://localhost/api/admin/affiliates/?page=1&payable=true',
      ),
    );
  });
});
