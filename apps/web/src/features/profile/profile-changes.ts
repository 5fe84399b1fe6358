import { AVATAR_MAX_BYTES, megabytes, type User, updateMeBody } from '@flashcards/contract';
import { z } from 'zod';
import type { ProfileChanges } from './api/update-profile';
import '../../lib/error-texts';

export const emailOptIns = [
  'receive_invitations_for_categories',
  'receive_invitations_for_contest',
  'receive_invitations_for_friends',
  'receive_promo_emails',
] as const;

export type Gender = 'male' | 'female' | 'unset';

export type ProfileFormValues = {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender: Gender;
  region: string;
  municipality: string;
  town: string;
  school: string;
  /** An IANA name; changed at most once a day. */
  time_zone: string;
} & Record<(typeof emailOptIns)[number], boolean>;

const requiredName = updateMeBody.shape.first_name.unwrap().min(1);

/** The profile edit: the contract's rules, names required, and a picture the server will take. */
export const profileForm = updateMeBody.omit({ gender: true, language: true }).extend({
  first_name: requiredName,
  last_name: requiredName,
  avatar: z
    .instanceof(File)
    .nullable()
    .refine((file) => !file || file.size <= AVATAR_MAX_BYTES, {
      error: 'errors:image_too_large',
      params: { max: megabytes(AVATAR_MAX_BYTES) },
    }),
});

export function profileFormValues(user: User): ProfileFormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    date_of_birth: user.date_of_birth ?? '',
    gender: user.gender ?? 'unset',
    region: user.region,
    municipality: user.municipality,
    town: user.town,
    school: user.school,
    time_zone: user.time_zone,
    receive_invitations_for_categories: user.receive_invitations_for_categories,
    receive_invitations_for_contest: user.receive_invitations_for_contest,
    receive_invitations_for_friends: user.receive_invitations_for_friends,
    receive_promo_emails: user.receive_promo_emails,
  };
}

const formValue = (field: keyof ProfileFormValues, value: string | boolean): string => {
  if (typeof value === 'boolean') return String(value);
  // An empty gender or date of birth clears it.
  if (field === 'gender' && value === 'unset') return '';
  return value.trim();
};

/**
 * The multipart body of a profile edit: only the fields that changed (text compared trimmed), booleans
 * as 'true'/'false', and the new picture when one was chosen; null when nothing changed.
 */
export function profileChanges(
  initial: ProfileFormValues,
  values: ProfileFormValues,
  avatar: File | null,
): ProfileChanges | null {
  const body: ProfileChanges = {};
  for (const field of Object.keys(values) as (keyof ProfileFormValues)[]) {
    const value = formValue(field, values[field]);
    if (value !== formValue(field, initial[field])) body[field] = value;
  }
  if (avatar) body.avatar = avatar;
  return Object.keys(body).length > 0 ? body : null;
}
