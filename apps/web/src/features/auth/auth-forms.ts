import { emailBody, registerBody, tokenCreateBody } from '@flashcards/contract';
import { z } from 'zod';
import { newPasswordForm, retypedAlike } from '../../lib/new-password-form';
import '../../lib/account-texts';

/** An empty address is "required", not "not valid"; then the contract's own rule. */
const email = z.string().trim().min(1).pipe(emailBody.shape.email);

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

export { newPasswordForm };
