import { schoolRoutes, type User } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { canLeaveSchool } from '../pages/profile-page';
import { LeaveSchoolButton } from './leave-school-button';

afterEach(cleanup);

const member = (flags: Partial<User>) =>
  ({ school_id: 4, is_organization_host: false, auto_school_add: false, ...flags }) as User;

describe('leaving a school', () => {
  it('is offered to members who joined with their own account only', () => {
    expect(canLeaveSchool(member({}))).toBe(true);
    expect(canLeaveSchool(member({ school_id: null }))).toBe(false);
    expect(canLeaveSchool(member({ auto_school_add: true }))).toBe(false);
    expect(canLeaveSchool(member({ is_organization_host: true }))).toBe(false);
  });

  it('asks first, then leaves; a refusal is shown in the dialog', async () => {
    let status = 403;
    const server = fakeApi().on(schoolRoutes.leaveSchool, () =>
      status === 204 ? null : reply(status, { detail: 'Your account was created by your school.' }),
    );
    const calls = () => server.calls.map((call) => `${call.method} ${call.path}`);
    renderWithProviders(<LeaveSchoolButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the school' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave your school?' });
    expect(dialog.textContent).toContain('categories and cards stay yours');
    expect(calls()).toEqual([]);

    const confirm = () => fireEvent.click(screen.getAllByRole('button', { name: 'Leave the school' })[1]!);
    confirm();
    expect(await screen.findByText('Your account was created by your school.')).toBeVisible();
    status = 204;
    confirm();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls()).toEqual(['DELETE /api/school/membership/', 'DELETE /api/school/membership/']);
  });
});
