import { emailBody, registerBody, resetPasswordConfirmBody, tokenCreateBody } from '@flashcards/contract';
import { z } from 'zod';

/** An empty address is "required", not "not valid"; then the contract's own rule. */
const email = z.string().trim().min(1).pipe(emailBody.shape.email);

/** The retyped password must match; checked while other fields are wrong too, so all messages show at once. */
const retypedAlike = (password: string, retyped: string) => ({
  path: [retyped],
  error: 'account:validation.passwordMismatch',
  when: ({ issues }: z.core.ParsePayload) =>
    !issues.some(({ path }) => path?.[0] === password || path?.[0] === retyped),
});

export const loginForm = tokenCreateBody.extend({
  email,
  password: tokenCreateBody.shape.password.min(1),
});

export const emailForm = emailBody.extend({ email });

export const signupForm = registerBody
  .pick({ first_name: true, last_name: true, password: true })
  .extend({
    email,
    re_password: registerBody.shape.re_password.min(1),
    accepted_terms: z.literal(true, { error: 'account:validation.terms' }),
  })
  .refine((values) => values.re_password === values.password, retypedAlike('password', 're_password'));

export const newPasswordForm = resetPasswordConfirmBody
  .pick({ new_password: true })
  .extend({ re_new_password: resetPasswordConfirmBody.shape.re_new_password.min(1) })
  .refine(
    (values) => values.re_new_password === values.new_password,
    retypedAlike('new_password', 're_new_password'),
  );
