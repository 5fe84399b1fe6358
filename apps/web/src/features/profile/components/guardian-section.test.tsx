import { type Guardian, guardianRoutes, type User } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { GuardianSection } from './guardian-section';

afterEach(cleanup);

const student = { language: 'en', is_student: true } as User;
const guardian = (fields: Partial<Guardian>): Guardian => ({
  email: 'mother@example.com',
  language: 'en',
  state: 'waiting',
  set_by: 'student',
  created_at: '2031-06-10T10:00:00Z',
  confirmed_at: null,
  ...fields,
});

describe("a student's guardian on the profile", () => {
  it('sets the e-mail, which then waits for the confirmation; a refusal shows beside the field', async () => {
    let current: Guardian | null = null;
    const server = fakeApi()
      .on(guardianRoutes.myGuardian, () => current)
      .on(guardianRoutes.setMyGuardian, (request) => {
        const { email } = request.body as { email: string };
        if (email === 'taken@example.com') return reply(400, { email: ['Enter a valid email address.'] });
        current = guardian({ email });
        return current;
      });
    renderWithProviders(<GuardianSection user={student} />);
    expect(await screen.findByText("No guardian's e-mail is set.")).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: "Set the guardian's e-mail" }));
    const dialog = await screen.findByRole('dialog', { name: "Guardian's e-mail" });
    const field = screen.getByRole('textbox', { name: /Guardian's e-mail/ });
    fireEvent.change(field, { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
    fireEvent.change(field, { target: { value: 'mother@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByText('Waiting for confirmation')).toBeVisible();
    expect(screen.getByText('mother@example.com')).toBeVisible();
    expect(server.callsTo(guardianRoutes.setMyGuardian).at(-1)?.body).toEqual({
      email: 'mother@example.com',
      language: 'en',
    });
  });

  it("leaves the school's guardian to the school", async () => {
    fakeApi().on(guardianRoutes.myGuardian, guardian({ set_by: 'principal', state: 'confirmed' }));
    renderWithProviders(<GuardianSection user={student} />);
    expect(await screen.findByText('Confirmed: gets the weekly summary')).toBeVisible();
    expect(screen.getByText('Your school set this e-mail; ask your principal to change it.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });
});
