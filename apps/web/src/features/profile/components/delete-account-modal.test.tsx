import { authRoutes, type User } from '@flashcards/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DeleteAccountModal } from './delete-account-modal';

afterEach(cleanup);

const account = (fields: Partial<User>) =>
  ({
    email: 'ana@example.com',
    subscription_type: 'none',
    subscription_end_date: null,
    annual_subscription_end_date: null,
    ...fields,
  }) as User;

const show = (user: User) =>
  renderWithProviders(<DeleteAccountModal user={user} opened onClose={() => {}} />, { mantineEnv: 'test' });

describe('deleting an account', () => {
  it('names the plan that runs, which deleting cancels', () => {
    show(account({ subscription_type: 'gold_monthly', subscription_end_date: '2099-05-04T00:00:00Z' }));
    expect(
      screen.getByText(
        'Your gold monthly plan is paid until May 4, 2099. Deleting your account cancels it, so it is not charged again.',
      ),
    ).toBeVisible();
  });

  it('names no plan that has ended', () => {
    show(account({ subscription_type: 'annual', annual_subscription_end_date: '2001-01-01T00:00:00Z' }));
    expect(screen.queryByText(/plan is paid until/)).toBeNull();
  });

  it("shows the server's refusal when the subscription could not be cancelled", async () => {
    fakeApi().on(
      authRoutes.removeUser,
      reply(503, {
        detail:
          'Your subscription could not be cancelled with the payment provider, so your account was not deleted.',
        code: 'subscription_not_cancelled',
      }),
    );
    show(account({ subscription_type: 'monthly', subscription_end_date: '2099-05-04T00:00:00Z' }));
    fireEvent.change(screen.getByLabelText(/To confirm, type your e-mail address/), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/so your account was not deleted/)).toBeVisible();
  });
});
