import { DEFAULT_SIGN_UPS_PER_ADDRESS } from '../../config';

/**
 * Every limit on the mails people can make the app send to someone else, in one place. Each action is
 * counted in the database (mail_actions), per account and per requesting address, over the last hour, so
 * every server process sees the same count; over either limit the request answers 429 and nothing is sent.
 *
 * - sign_up: a sign-up mails an activation link to whatever e-mail it names. Per address only (there is
 *   no account yet); SIGN_UPS_PER_ADDRESS changes it for a deployment whose people share one address.
 * - friend_request: each request mails its receiver.
 * - category_offer: counted in receivers (each one is mailed), so one offer to a whole group of the
 *   largest size fits in the hour, and a second one waits.
 * - school_accounts: a principal adding a student or teacher, or importing a CSV file. A file of up to
 *   1000 students counts as one action: it is a school's legitimate bulk work, bounded by the seats staff
 *   gave the school, and only a principal can do it. A principal setting a student's guardian e-mail counts
 *   here too (the guardian is mailed what they will receive).
 * - guardian_by_student: a student setting their guardian's e-mail mails a confirmation link to whatever
 *   address they name, a stranger's too, so few an hour: a guardian is set once and perhaps corrected.
 * - email_change: a request to change one's e-mail mails a confirmation link to the new address, whatever
 *   it is, and a notice to the current one.
 *
 * Password reset and activation requests have their own limits per e-mail and per address (the auth
 * module's MAX_ACCOUNT_MAILS_*), and mails to the actor themself (payments, the trial's end) none.
 *
 * Besides these, one person is mailed at most one notice of a kind an hour (MAIL_WINDOW_MS): the others
 * of that hour wait and go together in one digest when the hour is over.
 */
export const MAIL_LIMITS = {
  sign_up: { perAddress: DEFAULT_SIGN_UPS_PER_ADDRESS },
  friend_request: { perAccount: 20, perAddress: 60 },
  category_offer: { perAccount: 500, perAddress: 1000 },
  school_accounts: { perAccount: 60, perAddress: 200 },
  guardian_by_student: { perAccount: 3, perAddress: 20 },
  email_change: { perAccount: 5, perAddress: 20 },
} satisfies Record<string, { perAccount?: number; perAddress?: number }>;

export type MailAction = keyof typeof MAIL_LIMITS;

/** The window of every limit above, and the least time between two notices of a kind to one person. */
export const MAIL_WINDOW_MS = 3_600_000;
