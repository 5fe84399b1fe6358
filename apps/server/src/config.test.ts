import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('works with no variables at all (the embedded mode)', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('data', 'db') });
    expect(config.jwt).toMatchObject({ accessMinutes: 15, refreshDays: 7 });
    expect(config.limits).toEqual({
      dailyCardLimit: 30,
      trialDays: 30,
      learnedThreshold: 10,
      freeActiveItems: 3,
      signUpsPerAddress: 5,
    });
    expect(config.marketAutoApprove).toBe(false);
    expect(config.stripe).toBeUndefined();
    expect(config.subscriptions).toEqual({
      premiumForAll: false,
      prices: {
        monthly: { bgn: 1200, eur: 600 },
        annual: { bgn: 11400, eur: 5800 },
        gold_monthly: { bgn: 2000, eur: 1000 },
        gold_annual: { bgn: 19000, eur: 9700 },
      },
      trialPromotionUntil: undefined,
      affiliateRate: 0.2,
    });
    expect(config.userGroupMaxMembers).toBe(500);
    expect(config.google).toBeUndefined();
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://cards.example.org/',
      DATABASE_URL: 'postgres://app:pw@db:5432/cards',
      DAILY_CARD_LIMIT: '50',
      MARKET_AUTO_APPROVE: 'true',
      USER_GROUP_MAX_MEMBERS: '40',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://cards.example.org');
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://app:pw@db:5432/cards' });
    expect(config.limits.dailyCardLimit).toBe(50);
    expect(config.marketAutoApprove).toBe(true);
    expect(config.userGroupMaxMembers).toBe(40);
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
  });

  it('reads payments: Stripe only with both secrets, prices as BGN/EUR in minor units', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk' }).stripe).toBeUndefined();
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'whsec',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      PREMIUM_FOR_ALL: 'true',
      PRICE_MONTHLY: '9.5/4.99',
      AFFILIATE_RATE: '0.25',
      TRIAL_PROMOTION_UNTIL: '2027-03-31',
      FREE_ACTIVE_ITEMS: '5',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk',
      webhookSecret: 'whsec',
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(config.subscriptions).toMatchObject({
      premiumForAll: true,
      prices: { monthly: { bgn: 950, eur: 499 } },
      affiliateRate: 0.25,
      trialPromotionUntil: '2027-03-31',
    });
    expect(config.limits.freeActiveItems).toBe(5);
    expect(() => loadConfig({ PRICE_ANNUAL: '114' })).toThrow(/PRICE_ANNUAL/);
    expect(() => loadConfig({ TRIAL_PROMOTION_UNTIL: '31.03.2027' })).toThrow(/TRIAL_PROMOTION_UNTIL/);
    expect(() => loadConfig({ AFFILIATE_RATE: '2' })).toThrow(/AFFILIATE_RATE/);
  });

  it('names the variable of a bad value in one line, without echoing secrets', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(/DATABASE_URL/);
    try {
      loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
      expect((error as Error).message).not.toContain('\n');
    }
    expect(() => loadConfig({ MARKET_AUTO_APPROVE: 'maybe' })).toThrow(/MARKET_AUTO_APPROVE/);
    expect(() => loadConfig({ USER_GROUP_MAX_MEMBERS: '0' })).toThrow(/USER_GROUP_MAX_MEMBERS/);
  });
});
