import type { Language } from '@flashcards/i18n';
import type { Mail } from '../../lib/mailer';
import { noticeMail } from '../../lib/notice-mail';

/** A mail with one call to action (activation, password reset), in the user's language. */
export const actionMail = (
  language: Language,
  kind: 'activation' | 'password_reset',
  values: { to: string; name: string; url: string; site: string; hours: number },
): Mail => noticeMail(language, kind, values, { unasked: true });
