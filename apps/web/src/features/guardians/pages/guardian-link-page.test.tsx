import { guardianRoutes } from '@flashcards/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { GuardianLinkPage } from './guardian-link-page';

afterEach(cleanup);

const token = 'a'.repeat(43);
const answer = { student_first_name: 'Maria', student_last_name: 'Ivanova' };

describe("a guardian's link", () => {
  it('unsubscribes once, on arrival, and says so', async () => {
    const server = fakeApi().on(guardianRoutes.unsubscribeGuardian, { ...answer, state: 'unsubscribed' });
    renderWithProviders(<GuardianLinkPage action="unsubscribe" />, {
      path: '/guardian/unsubscribe/:token',
      at: `/guardian/unsubscribe/${token}`,
    });
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    expect(screen.getByText('You will receive no more summaries about Maria Ivanova.')).toBeVisible();
    expect(server.sent()).toEqual([
      { method: 'POST', path: `/api/guardians/${token}/unsubscribe/`, body: {} },
    ]);
  });

  it('says when a confirmation link was used already', async () => {
    fakeApi().on(
      guardianRoutes.confirmGuardian,
      reply(409, { detail: 'This link was already used: the weekly summaries are confirmed.', code: 'x' }),
    );
    renderWithProviders(<GuardianLinkPage action="confirm" />, {
      path: '/guardian/confirm/:token',
      at: `/guardian/confirm/${token}`,
    });
    expect(await screen.findByRole('heading', { name: 'This link was already used' })).toBeVisible();
    expect(screen.getByRole('alert').textContent).toContain('already used');
  });
});
