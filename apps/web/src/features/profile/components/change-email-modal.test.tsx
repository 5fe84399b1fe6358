import { authRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ChangeEmailModal } from './change-email-modal';

afterEach(cleanup);

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));

describe('changing the e-mail from the profile', () => {
  it('asks for both fields before sending anything', async () => {
    const server = fakeApi().on(authRoutes.setEmail, null);
    renderWithProviders(<ChangeEmailModal opened onClose={vi.fn()} />);
    send();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(server.calls).toEqual([]);
  });

  it('sends the new e-mail with the password, then says where the link went', async () => {
    const server = fakeApi().on(authRoutes.setEmail, null);
    const onClose = vi.fn();
    renderWithProviders(<ChangeEmailModal opened onClose={onClose} />);
    type(/^New e-mail/, ' Maria@Example.com ');
    type(/^Current password/, 'Old-Good-Pass-1');
    send();
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a link to maria@example.com.');
    expect(server.calls.map((call) => call.body)).toEqual([
      { new_email: 'Maria@Example.com', current_password: 'Old-Good-Pass-1' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("puts the server's refusal beside its field", async () => {
    fakeApi().on(authRoutes.setEmail, () =>
      reply(400, { new_email: ['User account with this email already exists.'] }),
    );
    renderWithProviders(<ChangeEmailModal opened onClose={vi.fn()} />);
    type(/^New e-mail/, 'taken@example.com');
    type(/^Current password/, 'Old-Good-Pass-1');
    send();
    expect(await screen.findByText('User account with this email already exists.')).toBeVisible();
    expect(screen.getByLabelText(/^New e-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
