import type { User } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import { profileChanges, profileFormValues } from './profile-changes';

const user = {
  first_name: 'Ivana',
  last_name: 'Petrova',
  date_of_birth: null,
  gender: 'female',
  region: 'Sofia',
  municipality: '',
  town: 'Sofia',
  school: '',
  time_zone: 'Europe/Sofia',
  receive_invitations_for_categories: true,
  receive_invitations_for_contest: true,
  receive_invitations_for_friends: true,
  receive_promo_emails: false,
} as User;

describe('profileChanges', () => {
  const initial = profileFormValues(user);

  it('sends nothing when nothing changed, whitespace included', () => {
    expect(profileChanges(initial, { ...initial, first_name: ' Ivana ' }, null)).toBeNull();
  });

  it('sends only the changed fields, trimmed, with booleans as strings', () => {
    const body = profileChanges(
      initial,
      { ...initial, first_name: ' Iva ', receive_promo_emails: true, receive_invitations_for_contest: false },
      null,
    );
    expect(body).toEqual({
      first_name: 'Iva',
      receive_promo_emails: 'true',
      receive_invitations_for_contest: 'false',
    });
  });

  it('sends the time zone only when another one is chosen', () => {
    expect(profileChanges(initial, { ...initial, time_zone: 'Asia/Tokyo' }, null)).toEqual({
      time_zone: 'Asia/Tokyo',
    });
  });

  it('clears the gender and the date of birth with empty values, and sends a new picture', () => {
    const withDate = profileFormValues({ ...user, date_of_birth: '2001-02-03' });
    const picture = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const body = profileChanges(withDate, { ...withDate, gender: 'unset', date_of_birth: '' }, picture);
    const sent = body!;
    expect(sent.gender).toBe('');
    expect(sent.date_of_birth).toBe('');
    expect(sent.avatar).toBeInstanceOf(File);
    expect(Object.keys(sent).sort()).toEqual(['avatar', 'date_of_birth', 'gender']);
  });
});
