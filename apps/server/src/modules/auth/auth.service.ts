import { createHash, randomBytes } from 'node:crypto';
import type { TokenPair } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { Actor as User } from '../../lib/access';
import { ApiError, invalid, type Message, throttled, tokenNotValid } from '../../lib/api-error';
import { type Clock, HOUR } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { noticeMail } from '../../lib/notice-mail';
import type { Tokens } from '../../lib/tokens';
import { queueMail } from '../mail/mail.jobs';
import type { MailService } from '../mail/mail.service';
import { trialEndFor } from '../subscriptions/subscriptions.service';
import { signUpTimeZone, type UsersService } from '../users/users.service';
import { actionMail } from './auth.emails';
import { type AccountMailRequest, queueAccountMail } from './auth.jobs';
import * as repo from './auth.repository';
import { type PasswordOwner, passwordProblems } from './password-rules';

const ACTIVATION_HOURS = 72;
const RESET_HOURS = 24;
/** How long the link to confirm a new e-mail works. */
const EMAIL_CHANGE_HOURS = 24;
/** How long the link works that a school or staff mails to an account they created: a set-password link. */
const SET_PASSWORD_LINK_DAYS = 14;
/** Failed sign-ins an address may have in an hour for one e-mail, and for all e-mails; then 429 for it. */
const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
const MAX_FAILURES_PER_ADDRESS = 20;
/**
 * Failures of one e-mail within the hour, from any addresses, from which on every sign-in to it is slowed:
 * twice what one address may make, so that one address alone never slows the owner.
 */
const SLOW_AFTER_FAILURES = 10;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * How long a sign-in to an e-mail waits before its password is checked, given the e-mail's failures from
 * any address within the hour: nothing below SLOW_AFTER_FAILURES, then 1 s doubling with each failure, at
 * most 30 s. One address locks only itself out; many addresses together slow the e-mail, never lock it,
 * so its owner still gets in from an address that did not fail.
 */
export const loginDelayMs = (emailFailures: number) =>
  emailFailures < SLOW_AFTER_FAILURES
    ? 0
    : Math.min(FIRST_DELAY_MS * 2 ** (emailFailures - SLOW_AFTER_FAILURES), MAX_DELAY_MS);
/**
 * Password reset and activation mails one e-mail address, and one requesting address, may ask for in an
 * hour. Over either limit the answer is 429. That tells nothing about accounts: the count is of requests
 * naming the e-mail, whether or not an account has it, so a known and an unknown e-mail are refused alike.
 * A silent 204 would hide nothing more, and would leave a person who asked too often waiting for a mail.
 */
const MAX_ACCOUNT_MAILS_PER_EMAIL = 5;
const MAX_ACCOUNT_MAILS_PER_ADDRESS = 20;

/** argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended minimum. */
export const hashPassword = (password: string) => hash(password);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
const decodeUid = (uid: string): number | undefined => {
  const id = Number(Buffer.from(uid, 'base64url').toString('utf8'));
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

export type AuthDeps = {
  db: Database;
  config: Config;
  tokens: Tokens;
  jobs: JobQueue;
  clock: Clock;
  users: UsersService;
  mail: MailService;
};

export const createAuthService = ({ db, config, tokens, jobs, clock, users, mail }: AuthDeps) => {
  // Unknown e-mails are checked against this hash too, so response times do not reveal accounts.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  const checkNewPassword = (field: string, password: string, confirmation: string, owner: PasswordOwner) => {
    const problems: Record<string, Message[]> = {};
    const passwordErrors = passwordProblems(password, owner);
    if (passwordErrors.length > 0) problems[field] = passwordErrors;
    if (password !== confirmation) problems.non_field_errors = [{ key: 'password_mismatch' }];
    return problems;
  };

  /** A new single-use link of this purpose to the account, with its expiry: only its hash is stored. */
  const makeLink = async (user: User, purpose: 'activation' | 'password_reset', hours: number, tx = db) => {
    const token = randomBytes(32).toString('base64url');
    await repo.insertUserToken(tx, {
      userId: user.id,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(clock.now().getTime() + hours * HOUR),
    });
    const path = purpose === 'activation' ? 'activation' : 'password/reset/confirm';
    return `${config.publicUrl}/${path}/${encodeUid(user.id)}/${token}`;
  };

  const sendActionMail = async (
    user: User,
    kind: AccountMailRequest['kind'],
    { language = user.language, singletonKey }: { language?: Language; singletonKey?: string } = {},
  ) => {
    const hours = kind === 'activation' ? ACTIVATION_HOURS : RESET_HOURS;
    const url = await makeLink(user, kind, hours);
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    // Queued: no response waits for the mail server, and a failed delivery is retried.
    await queueMail(
      jobs,
      actionMail(language, kind, { to: user.email, name, url, site: config.site.name, hours }),
      { singletonKey },
    );
  };

  /**
   * Answers a request for a reset or activation mail by queueing a job, and does nothing else for it:
   * no account is looked up here, so the answer takes as long for an unknown e-mail as for a known one.
   */
  const requestAccountMail = async (request: AccountMailRequest, ip: string) => {
    const now = clock.now();
    const allowed = await repo.recordAccountMailRequest(
      db,
      { email: request.email, ip, at: now },
      {
        since: new Date(now.getTime() - HOUR),
        perEmail: MAX_ACCOUNT_MAILS_PER_EMAIL,
        perAddress: MAX_ACCOUNT_MAILS_PER_ADDRESS,
      },
    );
    if (!allowed) throw throttled('account_mail_throttled');
    await queueAccountMail(jobs, request);
  };

  /** A new session of the account, its tokens of the account's current token version. */
  const issuePair = async (
    user: Pick<User, 'id' | 'tokenVersion'>,
    tx: Executor = db,
  ): Promise<TokenPair> => {
    const access = tokens.sign('access', user.id, user.tokenVersion);
    const refresh = tokens.sign('refresh', user.id, user.tokenVersion);
    await repo.insertRefreshToken(tx, { jti: refresh.jti, userId: user.id, expiresAt: refresh.expiresAt });
    return { access: access.token, refresh: refresh.token };
  };

  /** Resolves a uid/token pair of an e-mailed link to its user, or the field error djoser gives. */
  const userOfLink = async (uid: string) => {
    const id = decodeUid(uid);
    const user = id ? await users.byId(id) : undefined;
    if (!user) throw invalid({ uid: 'invalid_uid' });
    return user;
  };

  return {
    issuePair,

    /**
     * Mails an account someone else created (a school's student, a principal staff named) a link to set
     * its password: a password-reset link that works SET_PASSWORD_LINK_DAYS days. `kind` names the mail of
     * the `email` locale; `values` fill it beside `to`, `name`, `site`, `url` and `days`. With `once`, an
     * account that was given such a link before gets none (a retried job mails nobody twice).
     */
    async mailSetPasswordLink(
      user: User,
      kind: string,
      values: Record<string, string | number>,
      {
        language = user.language,
        singletonKey,
        once = false,
      }: { language?: Language; singletonKey?: string; once?: boolean } = {},
    ) {
      if (once && (await repo.hasUserToken(db, user.id, 'password_reset'))) return;
      const url = await makeLink(user, 'password_reset', SET_PASSWORD_LINK_DAYS * 24);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
      await queueMail(
        jobs,
        noticeMail(language, kind, {
          ...values,
          to: user.email,
          name,
          url,
          site: config.site.name,
          days: SET_PASSWORD_LINK_DAYS,
        }),
        { singletonKey },
      );
    },

    /**
     * djoser's set_password: the current password proves the person, the new one passes the password rules.
     * An account a school created is claimed by it (no longer auto-created). Every other session ends
     * (its tokens are refused) unless `logout_other_sessions` is false; the session that changed it goes
     * on with the new pair answered here.
     */
    async setPassword(
      user: User,
      input: {
        current_password: string;
        new_password: string;
        re_new_password: string;
        logout_other_sessions: boolean;
      },
    ): Promise<TokenPair> {
      const current = user.passwordHash
        ? await verify(user.passwordHash, input.current_password).catch(() => false)
        : false;
      const problems = checkNewPassword('new_password', input.new_password, input.re_new_password, {
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
      });
      if (!current) problems.current_password = [{ key: 'invalid_current_password' }];
      if (Object.keys(problems).length > 0) throw invalid(problems);
      const passwordHash = await hashPassword(input.new_password);
      const endSessions = input.logout_other_sessions;
      return db.transaction(async (tx) => {
        const changed = await users.changePassword(tx, user.id, { passwordHash, endSessions });
        if (endSessions) await repo.revokeAllRefreshTokens(tx, user.id, clock.now());
        return issuePair(changed, tx);
      });
    },

    async register(
      input: {
        first_name: string;
        last_name: string;
        email: string;
        password: string;
        re_password: string;
        ref_code?: string | null;
        accepted_terms?: boolean;
        language?: Language;
        time_zone?: string;
      },
      language: Language,
      ip: string,
    ) {
      const problems = checkNewPassword('password', input.password, input.re_password, input);
      if (input.accepted_terms === false) problems.accepted_terms = [{ key: 'terms_required' }];
      if (await users.byEmail(input.email)) problems.email = [{ key: 'email_taken' }];
      if (Object.keys(problems).length > 0) throw invalid(problems);
      // A sign-up mails whatever e-mail it names: counted per address before the account is made.
      await mail.limit('sign_up', { ip });

      const referredById = input.ref_code ? await repo.findReferrerId(db, input.ref_code) : undefined;
      const now = clock.now().getTime();
      const user = await users
        .create({
          email: input.email,
          passwordHash: await hashPassword(input.password),
          firstName: input.first_name,
          lastName: input.last_name,
          language: input.language ?? language,
          timeZone: signUpTimeZone(input.time_zone),
          referredById,
          acceptedTermsAt: input.accepted_terms ? new Date(now) : null,
          trialEndDate: trialEndFor(config, new Date(now)),
        })
        .catch((error: unknown) => {
          // Two sign-ups with one e-mail at once: the unique index decides.
          if ((error as { cause?: { code?: string } }).cause?.code === '23505')
            throw invalid({ email: 'email_taken' });
          throw error;
        });
      await sendActionMail(user, 'activation');
      return user;
    },

    async activate(uid: string, token: string) {
      const user = await userOfLink(uid);
      if (user.isActive) throw new ApiError(403, 'stale_token', { key: 'stale_token' });
      await db.transaction(async (tx) => {
        const consumed = await repo.consumeUserToken(
          tx,
          {
            userId: user.id,
            purpose: 'activation',
            tokenHash: sha256(token),
          },
          clock.now(),
        );
        if (!consumed) throw invalid({ token: 'invalid_token' });
        await users.update(user.id, { isActive: true }, tx);
      });
    },

    resendActivation: (email: string, ip: string, language?: Language) =>
      requestAccountMail({ kind: 'activation', email, language }, ip),

    requestPasswordReset: (email: string, ip: string, language?: Language) =>
      requestAccountMail({ kind: 'password_reset', email, language }, ip),

    /**
     * The job of a reset or activation request: mails a link if the e-mail has an account that is due
     * one (active for a reset, not yet active for an activation). Written in the language the request
     * named, else the account's. A retry of a job that queued its mail queues it again only once the first
     * has left the queue: at worst a second working link, never none.
     */
    async sendAccountMail(request: AccountMailRequest, jobId: string) {
      const user = await users.byEmail(request.email);
      const due = request.kind === 'password_reset' ? user?.isActive : user && !user.isActive;
      if (!user || !due) return;
      await sendActionMail(user, request.kind, {
        language: request.language,
        singletonKey: `account-mail:${jobId}`,
      });
    },

    async login(email: string, password: string, ip: string): Promise<TokenPair> {
      const now = clock.now();
      // The attempt counts as a failure from before the password is checked, so simultaneous attempts
      // cannot all pass the count before any of them is recorded; success clears the failures of the
      // e-mail from this address.
      const { recorded, emailFailures } = await repo.recordLoginAttempt(
        db,
        { email, ip, at: now },
        {
          since: new Date(now.getTime() - HOUR),
          perEmailAndAddress: MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
          perAddress: MAX_FAILURES_PER_ADDRESS,
        },
      );
      if (!recorded) throw throttled('login_throttled');
      // Before the password is checked, whatever it is: an early answer would tell a right one.
      const delay = loginDelayMs(emailFailures);
      if (delay > 0) await clock.sleep(delay);
      const user = await users.byEmail(email);
      const passwordMatches = await verify(user?.passwordHash ?? (await dummyHash), password).catch(
        () => false,
      );
      if (!user?.passwordHash || !passwordMatches) {
        throw new ApiError(401, 'no_active_account', { key: 'no_active_account' });
      }
      await repo.clearLoginFailures(db, email, ip);
      // Only someone who knows the password learns that the account waits for activation.
      if (!user.isActive) {
        throw new ApiError(401, 'account_not_activated', { key: 'account_not_activated' });
      }
      await users.update(user.id, { lastLoginAt: clock.now() });
      return issuePair(user);
    },

    /**
     * Signs in the account of an e-mail address an identity provider verified, creating it on the first
     * sign-in. An account never activated has a password nobody proved to own this address: it goes, so
     * whoever registered it cannot sign in to the owner's account (a reset sets a new one).
     */
    async signInVerifiedEmail(
      email: string,
      names: { firstName: string; lastName: string },
      language: Language,
      /** The browser's time zone, kept when this sign-in creates the account. */
      timeZone?: string,
    ): Promise<TokenPair> {
      const now = clock.now();
      const signIn = async (user: User) => {
        await users.update(user.id, {
          lastLoginAt: now,
          ...(user.isActive ? {} : { isActive: true, passwordHash: null }),
        });
        return issuePair(user);
      };
      const existing = await users.byEmail(email);
      if (existing) return signIn(existing);
      try {
        const user = await users.create({
          email,
          passwordHash: null,
          ...names,
          language,
          timeZone: signUpTimeZone(timeZone),
          isActive: true,
          acceptedTermsAt: null,
          trialEndDate: trialEndFor(config, now),
          lastLoginAt: now,
        });
        return issuePair(user);
      } catch (error) {
        // Two first sign-ins with one e-mail at once: the unique index decides, the other one links.
        if ((error as { cause?: { code?: string } }).cause?.code !== '23505') throw error;
        const winner = await users.byEmail(email);
        if (!winner) throw error;
        return signIn(winner);
      }
    },

    /**
     * Rotation: the presented refresh token is revoked and a new pair issued; a reused one fails, and so
     * does one of a token version a password change has ended (issued while the change was under way).
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const claims = tokens.verify(refreshToken, 'refresh');
      const userId = await repo.revokeRefreshToken(db, claims.jti, clock.now());
      if (userId === undefined) throw tokenNotValid();
      const user = await users.byId(userId);
      if (!user?.isActive || user.tokenVersion !== claims.ver) throw tokenNotValid();
      return issuePair(user);
    },

    /** The guard's token check: signature and expiry, the account's token version, a refresh token live. */
    async verifyToken(token: string) {
      const claims = tokens.verify(token);
      const user = await users.byId(claims.user_id);
      if (!user || user.tokenVersion !== claims.ver) throw tokenNotValid();
      if (claims.token_type === 'refresh' && !(await repo.isRefreshTokenLive(db, claims.jti, clock.now())))
        throw tokenNotValid();
    },

    async logout(refreshToken: string) {
      const claims = tokens.verify(refreshToken, 'refresh');
      await repo.revokeRefreshToken(db, claims.jti, clock.now());
    },

    /** Creates an active staff account, or promotes and re-passwords an existing one (command line only). */
    async createStaff(email: string, password: string) {
      const problems = passwordProblems(password, { email });
      if (problems.length > 0) return { problems };
      const passwordHash = await hashPassword(password);
      const existing = await users.byEmail(email);
      if (existing) {
        await db.transaction(async (tx) => {
          // A new password from the command line ends the account's sessions, as a reset does.
          await users.changePassword(tx, existing.id, { passwordHash, endSessions: true });
          await users.update(existing.id, { isStaff: true, isActive: true }, tx);
          await repo.revokeAllRefreshTokens(tx, existing.id, clock.now());
        });
        return { user: existing, created: false };
      }
      const user = await users.create({ email, passwordHash, isStaff: true, isActive: true });
      return { user, created: true };
    },

    /**
     * djoser's set_email, confirmed: the current password proves the person, then a link goes to the new
     * address (only whoever reads it can make it the account's) and a notice to the current one (so a
     * stolen session's change does not go unseen). A newer request retires the older links. Counted as a
     * mail to someone else (MAIL_LIMITS.email_change).
     */
    async requestEmailChange(user: User, input: { current_password: string; new_email: string }, ip: string) {
      const problems: Record<string, Message[]> = {};
      if (!user.passwordHash) problems.current_password = [{ key: 'email_change_needs_password' }];
      else if (!(await verify(user.passwordHash, input.current_password).catch(() => false)))
        problems.current_password = [{ key: 'invalid_current_password' }];
      if (input.new_email === user.email) problems.new_email = [{ key: 'email_same' }];
      else if (await users.byEmail(input.new_email)) problems.new_email = [{ key: 'email_taken' }];
      if (Object.keys(problems).length > 0) throw invalid(problems);

      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
      const values = { name, site: config.site.name, new_email: input.new_email, hours: EMAIL_CHANGE_HOURS };
      await db.transaction(async (tx) => {
        await mail.limit('email_change', { accountId: user.id, ip }, { tx });
        await repo.retireUserTokens(tx, user.id, 'email_change', now);
        await repo.insertUserToken(tx, {
          userId: user.id,
          purpose: 'email_change',
          tokenHash: sha256(token),
          email: input.new_email,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_HOURS * HOUR),
        });
        const url = `${config.publicUrl}/email/confirm/${encodeUid(user.id)}/${token}`;
        await queueMail(
          jobs,
          noticeMail(
            user.language,
            'email_change',
            { ...values, to: input.new_email, url },
            { unasked: true },
          ),
          { tx },
        );
        await queueMail(
          jobs,
          noticeMail(user.language, 'email_change_notice', {
            ...values,
            to: user.email,
            url: `${config.publicUrl}/profile`,
          }),
          { tx },
        );
      });
    },

    /** The link of an e-mail change: the address it was mailed to becomes the account's, if still free. */
    async confirmEmailChange(uid: string, token: string) {
      const user = await userOfLink(uid);
      await db.transaction(async (tx) => {
        const consumed = await repo.consumeUserToken(
          tx,
          { userId: user.id, purpose: 'email_change', tokenHash: sha256(token) },
          clock.now(),
        );
        if (!consumed?.email) throw invalid({ token: 'invalid_token' });
        // Another account may have taken the address since the link was sent: the unique index decides.
        await users.update(user.id, { email: consumed.email }, tx).catch((error: unknown) => {
          if ((error as { cause?: { code?: string } }).cause?.code === '23505')
            throw invalid({ new_email: 'email_taken' });
          throw error;
        });
      });
    },

    async confirmPasswordReset(input: {
      uid: string;
      token: string;
      new_password: string;
      re_new_password: string;
    }) {
      const user = await userOfLink(input.uid);
      const problems = checkNewPassword('new_password', input.new_password, input.re_new_password, {
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
      });
      if (Object.keys(problems).length > 0) throw invalid(problems);
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        const now = clock.now();
        const consumed = await repo.consumeUserToken(
          tx,
          { userId: user.id, purpose: 'password_reset', tokenHash: sha256(input.token) },
          now,
        );
        if (!consumed) throw invalid({ token: 'invalid_token' });
        // Setting one's own password claims an account a school created. Every session ends with the old
        // password: refresh tokens are revoked, and access tokens of the old version are refused.
        await users.changePassword(tx, user.id, { passwordHash, endSessions: true });
        await repo.revokeAllRefreshTokens(tx, user.id, now);
      });
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
