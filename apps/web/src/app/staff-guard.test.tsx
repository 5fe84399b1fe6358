import type { User } from '@flashcards/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminPage } from '../features/admin/pages/admin-page';
import { paths } from '../lib/paths';
import { renderWithProviders } from '../test/render';
import { visibleMenu } from './layout/menu-sections';
import { StaffGuard } from './staff-guard';

afterEach(cleanup);

const userOf = (flags: Partial<User>): User => ({
  id: 7,
  email: 'rada@example.com',
  first_name: 'Rada',
  last_name: 'Todorova',
  avatar: null,
  avatar_url: null,
  region: '',
  municipality: '',
  town: '',
  school: '',
  gender: null,
  date_of_birth: null,
  ranking: 0,
  receive_invitations_for_categories: true,
  receive_invitations_for_contest: true,
  receive_invitations_for_friends: true,
  receive_promo_emails: false,
  ai_usage: 0,
  ai_image_usage: 0,
  ai_quota: { text: 20, images: 10 },
  subscription_type: 'none',
  is_premium: false,
  trial_end_date: null,
  subscription_end_date: null,
  annual_subscription_end_date: null,
  is_auto_created: false,
  is_student: false,
  is_teacher: false,
  is_organization_host: false,
  is_organization_member: false,
  auto_school_add: false,
  school_id: null,
  is_staff: false,
  uses_teacher_tools: false,
  language: 'en',
  time_zone: 'Europe/Sofia',
  time_zone_changeable_at: null,
  badges: [],
  ...flags,
});

/** /admin behind the staff guard, for a signed-in user whose data has arrived. */
const openAdmin = (user: User, language?: 'bg') =>
  renderWithProviders(<AdminPage />, {
    path: paths.admin,
    at: paths.admin,
    layout: <StaffGuard />,
    user,
    language,
  });

describe('the staff area', () => {
  it('opens for the staff, with their tools', () => {
    openAdmin(userOf({ is_staff: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    for (const name of ['Catalog moderation', 'Schools', 'Payouts'])
      expect(screen.getByRole('region', { name })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Payouts' }))
        .getByRole('link', { name: 'Open the payouts' })
        .getAttribute('href'),
    ).toBe('/admin/payouts');
    expect(screen.queryByText('Your account is restricted')).toBeNull();
  });

  it('shows everyone else the restricted message instead', () => {
    openAdmin(userOf({ is_staff: false, is_teacher: true, is_organization_host: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is restricted' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Administration' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('says both in Bulgarian', () => {
    openAdmin(userOf({ is_staff: true }), 'bg');
    expect(screen.getByRole('heading', { level: 1, name: 'Администрация' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Модериране на каталога' })).toBeVisible();
    cleanup();
    openAdmin(userOf({ is_staff: false }), 'bg');
    expect(screen.getByRole('heading', { level: 1, name: 'Нямате права за достъп' })).toBeVisible();
  });

  it('is in the side menu of the staff only', () => {
    const pages = (isStaff: boolean) =>
      visibleMenu({ isAutoCreated: false, isStaff }).flatMap((section) =>
        section.items.map((item) => item.page),
      );
    expect(pages(true)).toContain('admin');
    expect(pages(true)).toContain('adminMarket');
    expect(pages(false)).not.toContain('adminMarket');
    expect(pages(false)).not.toContain('admin');
    expect(pages(true)).toContain('adminSchools');
    expect(pages(false)).not.toContain('adminSchools');
    expect(pages(true)).toContain('adminPayouts');
    expect(pages(false)).not.toContain('adminPayouts');
  });

  it('shows "My school" to principals only', () => {
    const pages = (isPrincipal: boolean) =>
      visibleMenu({ isAutoCreated: false, isStaff: false, isPrincipal }).flatMap((section) =>
        section.items.map((item) => item.page),
      );
    expect(pages(true)).toContain('mySchool');
    expect(pages(false)).not.toContain('mySchool');
  });
});
