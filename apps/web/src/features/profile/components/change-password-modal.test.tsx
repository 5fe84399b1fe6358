import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { clearTokens, readTokens } from '../../../lib/session';
import { ChangePasswordModal } from './change-password-modal';

afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

/** The dialog against a server that takes the change; resolves with the bodies it was sent. */
function changeWith(tick: boolean) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ access: 'new-access', refresh: 'new-refresh' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <Notifications />
        <ChangePasswordModal opened onClose={onClose} />
      </MantineProvider>
    </QueryClientProvider>,
  );
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
    expect(bodies).toEqual([
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
    expect(bodies).toEqual([expect.objectContaining({ logout_other_sessions: false })]);
    expect(await screen.findByText('Your password is changed.')).toBeVisible();
  });
});
