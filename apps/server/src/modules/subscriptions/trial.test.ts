import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildUser, PASSWORD } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { users } from '../../db/schema';
import { DAY } from '../../lib/clock';
import { mailEndingTrials } from './subscriptions.jobs';

let mail: MailServer;
let t: TestApp;
beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({
    SMTP_URL: mail.url,
    PUBLIC_URL: 'https://cards.test',
    TRIAL_PROMOTION_UNTIL: '2031-03-31',
  });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/users/',
    payload: {
      first_name: 'Maria',
      last_name: 'Ivanova',
      email,
      password: PASSWORD,
      re_password: PASSWORD,
      accepted_terms: true,
    },
  });

const trialEndOf = async (email: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row!.trialEndDate!;
};

const runTrialJob = async () => {
  await t.services.jobs.send(mailEndingTrials, {});
  await t.runJobs();
};

const received = (email: string) => mail.messages.filter((m) => m.to?.some((to) => to.address === email));

describe('the trial', () => {
  it('lasts TRIAL_DAYS, or until the end of the promotion day while the promotion runs', async () => {
    const start = t.clock.now();
    try {
      t.clock.set(new Date('2031-02-20T10:00:00Z'));
      expect((await register('promo-early@example.com')).statusCode).toBe(201);
      expect(await trialEndOf('promo-early@example.com')).toEqual(new Date('2031-04-01T00:00:00Z'));
      // Thirty days reach past the promotion: the longer one counts.
      t.clock.set(new Date('2031-03-15T10:00:00Z'));
      expect((await register('promo-late@example.com')).statusCode).toBe(201);
      expect(await trialEndOf('promo-late@example.com')).toEqual(new Date('2031-04-14T10:00:00Z'));
      // From the promotion's day on, the trial is the usual one.
      t.clock.set(new Date('2031-03-31T10:00:00Z'));
      expect((await register('promo-over@example.com')).statusCode).toBe(201);
      expect(await trialEndOf('promo-over@example.com')).toEqual(
        new Date(t.clock.now().getTime() + 30 * DAY),
      );
    } finally {
      t.clock.set(start);
    }
  });

  it('mails a reminder once, three days before its end, to those not subscribed', async () => {
    const start = t.clock.now();
    try {
      t.clock.set(new Date('2031-06-10T08:00:00Z'));
      const ending = await buildUser(t.database.db, {
        trialEndDate: new Date('2031-06-13T15:00:00Z'),
        language: 'bg',
      });
      const later = await buildUser(t.database.db, { trialEndDate: new Date('2031-06-14T15:00:00Z') });
      const subscribed = await buildUser(t.database.db, {
        trialEndDate: new Date('2031-06-13T12:00:00Z'),
        subscriptionEndDate: new Date('2031-07-01T00:00:00Z'),
      });
      await runTrialJob();
      const reminder = await mail.nextTo(ending.email);
      expect(received(ending.email)).toHaveLength(1);
      expect(reminder.subject).toBe('Пробният ви период в Flashcards изтича след 3 дни');
      expect(reminder.text).toContain('https://cards.test/pricing');
      expect(received(later.email)).toHaveLength(0);
      expect(received(subscribed.email)).toHaveLength(0);

      // The same day again: nobody twice. The next day: the next one.
      await runTrialJob();
      expect(received(ending.email)).toHaveLength(1);
      t.clock.advance(DAY);
      await runTrialJob();
      await mail.nextTo(later.email);
      expect(received(ending.email)).toHaveLength(1);
      expect(received(later.email)).toHaveLength(1);
    } finally {
      t.clock.set(start);
    }
  });
});
