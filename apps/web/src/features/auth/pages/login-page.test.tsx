import { authRoutes, systemRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './login-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server whose sign-in answers `login`, and whose activation resend answers `resend`. */
function serve(login: Response, resend: () => Response) {
  const server = fakeApi()
    .on(authRoutes.tokenCreate, () => login.clone())
    .on(authRoutes.resendActivation, resend)
    // No site facts (no Google sign-in offered), as before.
    .on(systemRoutes.site, reply(404, { detail: 'Not found.' }));
  return () => server.calls.map((call) => `${call.method} ${call.path}`);
}

function show() {
  renderWithProviders(<LoginPage />);
  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: ' ana@example.com ' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Right-Password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('logging in', () => {
  it('says an account is not activated yet and mails the link again', async () => {
    const calls = serve(
      json(401, { detail: 'Your account is not activated yet.', code: 'account_not_activated' }),
      () => new Response(null, { status: 204 }),
    );
    show();
    expect(await screen.findByText(/Your account \(ana@example.com\) is not activated yet/)).toBeVisible();
    expect(screen.queryByText('Not correct email or password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send the activation e-mail again' }));
    expect(await screen.findByText(/We sent a new activation link to ana@example.com/)).toBeVisible();
    expect(calls().filter((call) => call.includes('resend_activation'))).toEqual([
      'POST /api/user/users/resend_activation/',
    ]);
  });

  it('shows the resend limit when the server refuses another mail', async () => {
    serve(json(401, { detail: 'Not activated.', code: 'account_not_activated' }), () =>
      json(429, { detail: 'Too many e-mails were requested. Try again in one hour.', code: 'throttled' }),
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Send the activation e-mail again' }));
    expect(await screen.findByText('Too many e-mails were requested. Try again in one hour.')).toBeVisible();
  });

  it('keeps the generic message for wrong credentials, with no resend offered', async () => {
    serve(
      json(401, { detail: 'No active account found with the given credentials', code: 'no_active_account' }),
      () => new Response(null, { status: 204 }),
    );
    show();
    expect(await screen.findByText('Not correct email or password')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Send the activation e-mail again' })).toBeNull(),
    );
  });
});
