/** Written by the users module (accounts and profiles); other modules change accounts through its service. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { schoolClasses, schools } from './schools';

export const genderEnum = pgEnum('gender', ['male', 'female']);
export const languageEnum = pgEnum('language', ['en', 'bg']);
export const subscriptionTypeEnum = pgEnum('subscription_type', [
  'none',
  'monthly',
  'annual',
  'gold_monthly',
  'gold_annual',
]);

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that only sign in through Google. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Storage key of the avatar image. */
    avatar: text('avatar'),
    region: text('region').notNull().default(''),
    municipality: text('municipality').notNull().default(''),
    town: text('town').notNull().default(''),
    school: text('school').notNull().default(''),
    gender: genderEnum('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    ranking: integer('ranking').notNull().default(0),
    receiveInvitationsForCategories: boolean('receive_invitations_for_categories').notNull().default(true),
    receiveInvitationsForContest: boolean('receive_invitations_for_contest').notNull().default(true),
    receiveInvitationsForFriends: boolean('receive_invitations_for_friends').notNull().default(true),
    receivePromoEmails: boolean('receive_promo_emails').notNull().default(false),
    aiUsage: integer('ai_usage').notNull().default(0),
    aiImageUsage: integer('ai_image_usage').notNull().default(0),
    /** The month (`YYYY-MM`, UTC) the two counts above are of; another month's counts read as zero. */
    aiUsageMonth: text('ai_usage_month'),
    subscriptionType: subscriptionTypeEnum('subscription_type').notNull().default('none'),
    trialEndDate: moment('trial_end_date'),
    subscriptionEndDate: moment('subscription_end_date'),
    annualSubscriptionEndDate: moment('annual_subscription_end_date'),
    isActive: boolean('is_active').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    isAutoCreated: boolean('is_auto_created').notNull().default(false),
    isStudent: boolean('is_student').notNull().default(false),
    isTeacher: boolean('is_teacher').notNull().default(false),
    isOrganizationHost: boolean('is_organization_host').notNull().default(false),
    isOrganizationMember: boolean('is_organization_member').notNull().default(false),
    autoSchoolAdd: boolean('auto_school_add').notNull().default(false),
    /** The school the account is a member of (principal, teacher or student); the flags above give the role. */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    /** A student's class in their school (one at most); deleting the class leaves its students without one. */
    schoolClassId: integer('school_class_id').references((): AnyPgColumn => schoolClasses.id, {
      onDelete: 'set null',
    }),
    language: languageEnum('language').notNull().default('en'),
    /**
     * The IANA time zone whose calendar days the daily limit, the activity and learning paths count in: set
     * from the browser at sign-up, changed at most once a day (accounts from before it: Sofia's).
     */
    timeZone: text('time_zone').notNull().default('Europe/Sofia'),
    /** When the person last changed the time zone (not when sign-up set it): the next change waits a day. */
    timeZoneChangedAt: moment('time_zone_changed_at'),
    /** The payment provider's customer of this account, for its billing portal. */
    stripeCustomerId: text('stripe_customer_id'),
    /** When the "trial ends in 3 days" mail was sent: once per account. */
    trialEndingMailedAt: moment('trial_ending_mailed_at'),
    referredById: integer('referred_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    acceptedTermsAt: moment('accepted_terms_at'),
    lastLoginAt: moment('last_login_at'),
    /**
     * Goes up when a password change ends the account's sessions: every token carries the version it was
     * issued under, and one of an older version is refused.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    index('users_referred_by_idx').on(table.referredById),
    // A payment event naming only the provider's customer finds its account.
    index('users_stripe_customer_idx')
      .on(table.stripeCustomerId)
      .where(sql`${table.stripeCustomerId} is not null`),
    // The daily sweep of trials ending three days ahead, among accounts not yet mailed.
    index('users_trial_ending_idx').on(table.trialEndDate).where(sql`${table.trialEndingMailedAt} is null`),
    // People searches: a part of the full name (trigram), and each place field as a whole value.
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`lower(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
    index('users_region_idx').on(sql`lower(${table.region})`),
    index('users_municipality_idx').on(sql`lower(${table.municipality})`),
    index('users_town_idx').on(sql`lower(${table.town})`),
    index('users_school_idx').on(sql`lower(${table.school})`),
    // A school's members by name.
    // A class's students.
    index('users_school_class_idx').on(table.schoolClassId).where(sql`${table.schoolClassId} is not null`),
    index('users_school_members_idx').on(
      table.schoolId,
      sql`lower(${table.firstName} || ' ' || ${table.lastName})`,
      table.id,
    ),
  ],
);
