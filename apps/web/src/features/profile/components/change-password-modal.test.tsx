import { authRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, readTokens } from '../../../lib/session';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordModal } from './change-password-modal';

afterEach(() => {
  cleanup();
  clearTokens();
});

/** The dialog against a server that takes the change; resolves with the bodies it was sent. */
function changeWith(tick: boolean) {
  const server = fakeApi().on(authRoutes.setPassword, { access: 'new-access', refresh: 'new-refresh' });
  const bodies = () => server.calls.map((call) => call.body);
  const onClose = vi.fn();
  renderWithProviders(<ChangePasswordModal opened onClose={onClose} />, { notifications: true });
  const keep = screen.getByRole('checkbox', { name: 'Keep me signed in on my other devices' });
  expect((keep as HTMLInputElement).checked).toBe(false);
  if (tick) fireEvent.click(keep);
  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(/^Current password/, 'Old-Good-Pass-1');
  type(/^New password/, 'Another-Good-Pass-7');
  type(/^Retype the new password/, 'Another-Good-Pass-7');
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return { bodies, onClose };
}

describe('changing the password from the profile', () => {
  it('signs the other devices out unless the box is ticked, and keeps this one with the new tokens', async () => {
    const { bodies, onClose } = changeWith(false);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies()).toEqual([
      {
        current_password: 'Old-Good-Pass-1',
        new_password: 'Another-Good-Pass-7',
        re_new_password: 'Another-Good-Pass-7',
        logout_other_sessions: true,
      },
    ]);
    expect(readTokens()).toEqual({ access: 'new-access', refresh: 'new-refresh' });
    expect(await screen.findByText(/On your other devices you will need to sign in again/)).toBeVisible();
  });

  it('keeps the other devices signed in when the box is ticked', async () => {
    const { bodies, onClose } = changeWith(true);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies()).toEqual([expect.objectContaining({ logout_other_sessions: false })]);
    expect(await screen.findByText('Your password is changed.')).toBeVisible();
  });
});
