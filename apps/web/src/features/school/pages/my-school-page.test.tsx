import {
  guardianRoutes,
  type SchoolDetails,
  type SchoolStudent,
  schoolClassRoutes,
  schoolRoutes,
  type User,
} from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, page } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { MySchoolPage } from './my-school-page';

afterEach(cleanup);

const school: SchoolDetails = {
  id: 1,
  name: 'Vasil Levski School',
  town: 'Plovdiv',
  website: 'https://levski.example.com',
  logo_url: null,
  is_paid: true,
  description: 'Languages first.',
  students: 2,
  teachers: 1,
  principals: 1,
  available_students: 10,
  free_seats: 8,
  is_listed: true,
};
const member = (id: number, first: string, flags: Partial<SchoolStudent>): SchoolStudent => ({
  id,
  first_name: first,
  last_name: 'Petrova',
  email: `${first.toLowerCase()}@example.com`,
  avatar_url: null,
  is_auto_created: false,
  is_student: true,
  is_teacher: false,
  is_organization_host: false,
  is_organization_member: true,
  is_invited: false,
  school_class: null,
  auto_school_add: false,
  ...flags,
});
const members = [
  member(2, 'Nadia', { is_organization_host: true, is_student: false }),
  member(3, 'Ana', { is_auto_created: true, auto_school_add: true }),
  member(4, 'Mila', {}),
];

function show(user: Pick<User, 'id' | 'is_organization_host'>) {
  const server = fakeApi()
    .on(schoolRoutes.schoolDetails, school)
    .on(schoolRoutes.schoolStudents, page(members))
    .on(schoolClassRoutes.schoolClasses, [])
    .on(guardianRoutes.schoolGuardians, []);
  renderWithProviders(<MySchoolPage />, { user });
  return server.calls;
}

describe('my school', () => {
  it('is restricted to principals, without asking the server', () => {
    const calls = show({ id: 5, is_organization_host: false });
    expect(screen.getByText('Your account is restricted')).toBeVisible();
    expect(screen.getByText('This page is for the principals of a school.')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('shows the school, its seats and its members with their roles', async () => {
    show({ id: 2, is_organization_host: true });
    expect(await screen.findByRole('heading', { name: 'Vasil Levski School' })).toBeVisible();
    expect(screen.getByText('2 of 10 seats used')).toBeVisible();
    expect(screen.getByText('8 free seats')).toBeVisible();
    expect(await screen.findByText('Ana Petrova')).toBeVisible();
    expect(screen.getByText('Not yet signed in')).toBeVisible();
    expect(screen.getAllByText('Principal')).toHaveLength(1);
    // The principal has no actions; the others do.
    expect(screen.queryByRole('button', { name: 'Actions for Nadia Petrova' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions for Ana Petrova' })).toBeVisible();
  });

  it('says that removing an account the school made deletes it, and a joined one only leaves', async () => {
    show({ id: 2, is_organization_host: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ana Petrova' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ana Petrova?' });
    // Once the dialog's opening transition is over.
    await waitFor(() =>
      expect(
        within(dialog).getByText(/deletes the account with all its categories, cards and pictures/),
      ).toBeVisible(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Mila Petrova' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const leave = await screen.findByRole('dialog', { name: 'Remove Mila Petrova?' });
    await waitFor(() =>
      expect(within(leave).getByText(/only leave the school and keep their account/)).toBeVisible(),
    );
  });

  it("takes the school off the public list with the principal's switch", async () => {
    const server = fakeApi()
      .on(schoolRoutes.schoolDetails, school)
      .on(schoolRoutes.updateSchoolDetails, { ...school, is_listed: false })
      .on(schoolRoutes.schoolStudents, page(members))
      .on(schoolClassRoutes.schoolClasses, [])
      .on(guardianRoutes.schoolGuardians, []);
    renderWithProviders(<MySchoolPage />, { user: { id: 2, is_organization_host: true } });
    await screen.findByRole('heading', { name: 'Vasil Levski School' });
    // The switch's label holds its description too.
    const listed = screen.getByRole('switch', { name: /^Show the school on the public list of schools/ });
    expect(listed).toBeChecked();
    fireEvent.click(listed);
    await waitFor(() =>
      expect(server.callsTo(schoolRoutes.updateSchoolDetails).map((call) => call.body)).toEqual([
        { is_listed: false },
      ]),
    );
  });
});
