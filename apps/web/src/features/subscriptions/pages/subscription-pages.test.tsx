import { subscriptionRoutes, systemRoutes } from '@flashcards/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { leaveTo } from '../leave-to';
import { mySubscription, pricing } from '../subscription-fixtures';
import { SubscriptionFailedPage } from './subscription-failed-page';
import { SubscriptionSuccessPage } from './subscription-success-page';
import { SubscriptionsPage } from './subscriptions-page';

vi.mock('../leave-to', () => ({ leaveTo: vi.fn() }));

beforeEach(() => vi.mocked(leaveTo).mockClear());

// Whole forms and pages against a fake server: generous limits keep them steady on a busy machine.

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('my subscription', () => {
  it('shows my plan, its dates, the billing portal and my payments', async () => {
    const server = fakeApi()
      .on(subscriptionRoutes.plans, pricing())
      .on(
        subscriptionRoutes.mySubscription,
        mySubscription({
          subscription_type: 'monthly',
          is_premium: true,
          premium_until: '2026-12-24',
          subscription_end_date: '2026-12-24',
          trial_end_date: '2026-10-01',
          can_manage: true,
          payments: [
            {
              id: 1,
              plan: 'monthly',
              amount: '12.00',
              currency: 'bgn',
              status: 'paid',
              created_at: '2026-11-24T10:00:00Z',
              period_end: '2026-12-24',
            },
          ],
        }),
      )
      .on(subscriptionRoutes.portal, { url: 'https://billing.example/portal' });
    renderWithProviders(<SubscriptionsPage />, {
      at: '/subscriptions',
      path: '/subscriptions',
      signedIn: true,
      mantineEnv: 'test',
    });
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('Monthly')).toBeVisible();
    expect(within(plan).getByText('Premium')).toBeVisible();
    expect(within(plan).getAllByText('December 24, 2026')).toHaveLength(2);
    expect(within(plan).getByText('October 1, 2026')).toBeVisible();
    const payments = screen.getByRole('table', { name: 'Your payments, newest first' });
    expect(
      within(payments).getByRole('row', {
        name: /November 24, 2026 Monthly BGN\s12\.00 December 24, 2026 Paid/,
      }),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Buy the Annual plan' })).toBeVisible();

    await userEvent.click(within(plan).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://billing.example/portal'));
    expect(
      server.calls.some((call) => call.method === 'POST' && call.path === '/api/subscriptions/portal/'),
    ).toBe(true);
  });

  it('says when there are no payments, and offers no portal to someone who never paid', async () => {
    fakeApi()
      .on(subscriptionRoutes.plans, pricing())
      .on(
        subscriptionRoutes.mySubscription,
        mySubscription({ is_premium: true, trial_end_date: '2099-01-01' }),
      );
    renderWithProviders(<SubscriptionsPage />, {
      at: '/subscriptions',
      path: '/subscriptions',
      signedIn: true,
      mantineEnv: 'test',
    });
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('Free trial')).toBeVisible();
    expect(within(plan).queryByRole('button', { name: 'Manage subscription' })).toBeNull();
    expect(screen.getByText('No payments yet.')).toBeVisible();
  });
});

describe('before paying', () => {
  it('says that a plan bought during the trial starts when the trial ends', async () => {
    fakeApi()
      .on(subscriptionRoutes.plans, pricing())
      .on(
        subscriptionRoutes.mySubscription,
        mySubscription({ is_premium: true, premium_until: '2099-12-12', trial_end_date: '2099-12-12' }),
      );
    renderWithProviders(<SubscriptionsPage />, {
      at: '/subscriptions',
      path: '/subscriptions',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(
      await screen.findByText('Your trial runs until December 12, 2099; the plan you buy now starts then.'),
    ).toBeVisible();
  });

  it('says that a plan bought while another runs starts when that one ends, and nothing to a free account', async () => {
    fakeApi()
      .on(subscriptionRoutes.plans, pricing())
      .on(
        subscriptionRoutes.mySubscription,
        mySubscription({
          subscription_type: 'monthly',
          is_premium: true,
          premium_until: '2099-03-01',
          subscription_end_date: '2099-03-01',
          trial_end_date: '2099-01-01',
        }),
      );
    renderWithProviders(<SubscriptionsPage />, {
      at: '/subscriptions',
      path: '/subscriptions',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(
      await screen.findByText('Your premium runs until March 1, 2099; the plan you buy now starts then.'),
    ).toBeVisible();
    cleanup();
    fakeApi().on(subscriptionRoutes.plans, pricing()).on(subscriptionRoutes.mySubscription, mySubscription());
    renderWithProviders(<SubscriptionsPage />, {
      at: '/subscriptions',
      path: '/subscriptions',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(await screen.findByRole('button', { name: 'Buy the Annual plan' })).toBeVisible();
    expect(screen.queryByText(/the plan you buy now starts then/)).toBeNull();
  });
});

describe('an ended plan', () => {
  it('reads as free, with its end date kept', async () => {
    fakeApi()
      .on(subscriptionRoutes.plans, pricing())
      .on(
        subscriptionRoutes.mySubscription,
        mySubscription({
          subscription_type: 'monthly',
          premium_until: '2026-01-10',
          subscription_end_date: '2026-01-10',
        }),
      );
    renderWithProviders(<SubscriptionsPage />, {
      at: '/subscriptions',
      path: '/subscriptions',
      signedIn: true,
      mantineEnv: 'test',
    });
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('Free')).toBeVisible();
    expect(within(plan).getByText('Not premium')).toBeVisible();
    // Once, as the plan's end: a past date is not "premium until".
    expect(within(plan).getAllByText('January 10, 2026')).toHaveLength(1);
  });
});

describe('after paying', () => {
  it('asks about this checkout until its payment is recorded, though the trial is premium already', async () => {
    let asked = 0;
    fakeApi()
      // The trial makes the account premium all along: the page must not take that for the payment.
      .on(
        subscriptionRoutes.mySubscription,
        mySubscription({ is_premium: true, premium_until: '2026-12-01', trial_end_date: '2026-12-01' }),
      )
      .on(subscriptionRoutes.checkoutStatus, () => {
        asked += 1;
        return asked < 3
          ? { status: 'processing', plan: 'monthly', premium_until: null }
          : { status: 'paid', plan: 'monthly', premium_until: '2027-01-01' };
      });
    renderWithProviders(<SubscriptionSuccessPage pollEvery={30} />, {
      at: '/subscriptions-success?session_id=cs_test_1',
      path: '/subscriptions-success',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(await screen.findByText('We are confirming your payment with the bank…')).toBeVisible();
    expect(
      await screen.findByText(
        'Premium is yours until January 1, 2027. Enjoy learning without limits!',
        undefined,
        {
          timeout: 3000,
        },
      ),
    ).toBeVisible();
    expect(asked).toBe(3);
    expect(screen.getByRole('link', { name: 'Start practising' }).getAttribute('href')).toBe(
      '/my-categories',
    );
  });

  it('stops asking after a while and says the payment is still on its way', async () => {
    fakeApi().on(subscriptionRoutes.checkoutStatus, {
      status: 'processing',
      plan: 'monthly',
      premium_until: null,
    });
    renderWithProviders(<SubscriptionSuccessPage pollEvery={20} giveUpAfter={150} />, {
      at: '/subscriptions-success?session_id=cs_test_2',
      path: '/subscriptions-success',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(
      await screen.findByText(/Your payment is still being confirmed/, undefined, { timeout: 3000 }),
    ).toBeVisible();
  });

  it('promises nothing without a checkout of this account to ask about', async () => {
    fakeApi().on(subscriptionRoutes.checkoutStatus, reply(404, { detail: 'Not found.', code: 'not_found' }));
    renderWithProviders(<SubscriptionSuccessPage pollEvery={20} />, {
      at: '/subscriptions-success',
      path: '/subscriptions-success',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(screen.getByText(/We cannot tell which payment this page is about/)).toBeVisible();
    cleanup();
    renderWithProviders(<SubscriptionSuccessPage pollEvery={20} />, {
      at: '/subscriptions-success?session_id=cs_other',
      path: '/subscriptions-success',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(await screen.findByText(/We cannot tell which payment this page is about/)).toBeVisible();
    expect(screen.queryByText(/Premium is yours/)).toBeNull();
  });

  it('tells of a payment not received, with the contact address', async () => {
    fakeApi().on(systemRoutes.site, {
      name: 'Flashcards',
      contact_email: 'help@cards.example',
      google_sign_in: false,
      daily_card_limit: 30,
      learned_threshold: 10,
      trial_days: 30,
      premium_for_all: false,
      social_links: [],
      demo_videos: [],
      teacher_videos: { language: [], science: [] },
    });
    renderWithProviders(<SubscriptionFailedPage />, {
      at: '/subscriptions-failed',
      path: '/subscriptions-failed',
      signedIn: true,
      mantineEnv: 'test',
    });
    expect(screen.getByRole('heading', { name: "We didn't receive your subscription" })).toBeVisible();
    expect((await screen.findByRole('link', { name: 'help@cards.example' })).getAttribute('href')).toBe(
      'mailto:help@cards.example',
    );
    expect(screen.getByRole('link', { name: 'Back to the plans' }).getAttribute('href')).toBe(
      '/subscriptions',
    );
  });
});
