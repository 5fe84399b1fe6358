import { subscriptionRoutes } from '@flashcards/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { leaveTo } from '../leave-to';
import { pricing } from '../subscription-fixtures';
import { PricingPage } from './pricing-page';

vi.mock('../leave-to', () => ({ leaveTo: vi.fn() }));

beforeEach(() => vi.mocked(leaveTo).mockClear());

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const planCard = (name: string) => screen.getByRole('region', { name });

describe('the pricing page', () => {
  it('shows the four plans in euro with weekly prices, savings and sign-up for a visitor', async () => {
    fakeApi().on(subscriptionRoutes.plans, pricing());
    renderWithProviders(<PricingPage />, { at: '/pricing', path: '/pricing', mantineEnv: 'test' });
    const monthly = await screen.findByRole('region', { name: 'Monthly' });
    expect(within(monthly).getByText('€6.00')).toBeVisible();
    expect(within(monthly).getByText('Only €1.38 a week')).toBeVisible();
    expect(within(planCard('Annual')).getByText('Save €14.00')).toBeVisible();
    expect(within(planCard('Gold annual')).getByText('Save €23.00')).toBeVisible();
    expect(within(planCard('Gold monthly')).getByText('Gold')).toBeVisible();
    expect(within(monthly).getByRole('link', { name: 'Sign up to start' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(screen.getByText(/Every new account gets 30 days of premium for free/)).toBeVisible();
    const comparison = screen.getByRole('table', { name: 'What premium unlocks' });
    expect(
      within(comparison).getByRole('row', { name: /Cards practised 30 cards a day Unlimited/ }),
    ).toBeVisible();
  });

  it('switches to lev, and writes lev the Bulgarian way in Bulgarian', async () => {
    fakeApi().on(subscriptionRoutes.plans, pricing());
    renderWithProviders(<PricingPage />, { at: '/pricing', path: '/pricing', mantineEnv: 'test' });
    await screen.findByRole('region', { name: 'Monthly' });
    await userEvent.click(screen.getByRole('radio', { name: 'Lev (BGN)' }));
    expect(plain(within(planCard('Monthly')).getByText(/12\.00/).textContent)).toBe('BGN 12.00');
    expect(plain(within(planCard('Annual')).getByText(/^Save/).textContent)).toBe('Save BGN 30.00');

    cleanup();
    await i18next.changeLanguage('bg');
    renderWithProviders(<PricingPage />, { at: '/pricing', path: '/pricing', mantineEnv: 'test' });
    const monthly = await screen.findByRole('region', { name: 'Месечен' });
    expect(plain(within(monthly).getByText(/12,00/).textContent)).toBe('12,00 лв.');
    expect(plain(within(planCard('Годишен')).getByText(/^Спестявате/).textContent)).toBe(
      'Спестявате 30,00 лв.',
    );
  });

  it('keeps the plans but turns the buttons off when the server takes no payments', async () => {
    fakeApi().on(subscriptionRoutes.plans, pricing({ payments_enabled: false }));
    renderWithProviders(<PricingPage />, {
      at: '/pricing',
      path: '/pricing',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(await screen.findByText('Payments are not set up')).toBeVisible();
    for (const plan of ['Monthly', 'Annual', 'Gold monthly', 'Gold annual']) {
      expect(screen.getByRole('button', { name: `Buy the ${plan} plan` }).hasAttribute('disabled')).toBe(
        true,
      );
    }
  });

  it('says so when everyone on the server is premium', async () => {
    fakeApi().on(subscriptionRoutes.plans, pricing({ premium_for_all: true }));
    renderWithProviders(<PricingPage />, {
      at: '/pricing',
      path: '/pricing',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(await screen.findByText('Premium for everyone')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Buy the Monthly plan' }).hasAttribute('disabled')).toBe(true);
  });

  it("buys a plan in the chosen currency and goes to the provider's checkout", async () => {
    const server = fakeApi()
      .on(subscriptionRoutes.plans, pricing())
      .on(subscriptionRoutes.checkout, { url: 'https://checkout.example/session/1' });
    renderWithProviders(<PricingPage />, {
      at: '/pricing?currency=bgn',
      path: '/pricing',
      signedIn: true,
      mantineEnv: 'test',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy the Gold annual plan' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://checkout.example/session/1'));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      plan: 'gold_annual',
      currency: 'bgn',
    });
    expect(screen.getByRole('button', { name: 'Buy the Monthly plan' }).hasAttribute('disabled')).toBe(true);
  });

  it('explains a server that cannot take the payment', async () => {
    fakeApi()
      .on(subscriptionRoutes.plans, pricing())
      .on(
        subscriptionRoutes.checkout,
        reply(503, { detail: 'Payments are not configured.', code: 'payments_not_configured' }),
      );
    renderWithProviders(<PricingPage />, {
      at: '/pricing',
      path: '/pricing',
      signedIn: true,
      mantineEnv: 'test',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy the Monthly plan' }));
    expect(await screen.findByText('The payment could not start')).toBeVisible();
    expect(screen.getByText(/Payments are not set up on this server yet/)).toBeVisible();
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
