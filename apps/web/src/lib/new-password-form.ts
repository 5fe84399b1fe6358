import { resetPasswordConfirmBody } from '@flashcards/contract';
import type { z } from 'zod';
import './account-texts';

/** The retyped password must match; checked while other fields are wrong too, so all messages show at once. */
export const retypedAlike = (password: string, retyped: string) => ({
  path: [retyped],
  error: 'account:validation.passwordMismatch',
  when: ({ issues }: z.core.ParsePayload) =>
    !issues.some(({ path }) => path?.[0] === password || path?.[0] === retyped),
});

/** A new password typed twice: the reset form, the first password of a school's account, the profile's change. */
export const newPasswordForm = resetPasswordConfirmBody
  .pick({ new_password: true })
  .extend({ re_new_password: resetPasswordConfirmBody.shape.re_new_password.min(1) })
  .refine(
    (values) => values.re_new_password === values.new_password,
    retypedAlike('new_password', 're_new_password'),
  );
