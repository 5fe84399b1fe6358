import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { expectedSchema } from './db/migrate';
import type { AssignmentsFollow } from './lib/assignment-target';
import { type Clock, systemClock } from './lib/clock';
import { createEntitlements } from './lib/entitlements';
import { espeakSynthesize, type Synthesize } from './lib/espeak';
import { createJobQueue } from './lib/jobs';
import { createMailer } from './lib/mailer';
import { createLocalStorage, createS3Storage } from './lib/storage';
import { createTokens } from './lib/tokens';
import { registerAiJobs } from './modules/ai/ai.jobs';
import { createCardProvider } from './modules/ai/ai.provider';
import { createAiService } from './modules/ai/ai.service';
import { registerAuthJobs } from './modules/auth/auth.jobs';
import { createAuthService } from './modules/auth/auth.service';
import { registerCardImportJobs, scheduleImportSweep } from './modules/cards/card-imports.jobs';
import { createCardImportsService } from './modules/cards/card-imports.service';
import { createCardsService } from './modules/cards/cards.service';
import { createCategoriesService } from './modules/categories/categories.service';
import { registerExamJobs, scheduleExamCompletion } from './modules/exams/exams.jobs';
import { createExamsService } from './modules/exams/exams.service';
import { createFriendsService } from './modules/friends/friends.service';
import { createGoogleService } from './modules/google/google.service';
import { registerGuardianJobs, scheduleWeeklySummaries } from './modules/guardians/guardians.jobs';
import { createGuardiansService } from './modules/guardians/guardians.service';
import { createHomeService } from './modules/home/home.service';
import {
  registerLearningPathJobs,
  schedulePathSessionCleanUp,
} from './modules/learning-paths/learning-paths.jobs';
import { createLearningPathsService } from './modules/learning-paths/learning-paths.service';
import { createLiveBus } from './modules/live/live.bus';
import { createLiveService } from './modules/live/live.service';
import { registerMailDigestJobs, registerMailJobs } from './modules/mail/mail.jobs';
import { createMailService } from './modules/mail/mail.service';
import { createMarketService } from './modules/market/market.service';
import { registerMediaJobs, scheduleMediaSweep } from './modules/media/media.jobs';
import { createMediaService } from './modules/media/media.service';
import { registerMemoryJobs, scheduleMemoryFits } from './modules/memory/memory.jobs';
import { createMemoryService } from './modules/memory/memory.service';
import {
  registerNotificationJobs,
  scheduleNotificationSweep,
} from './modules/notifications/notifications.jobs';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { registerOfflineJobs, scheduleOfflineCleanUp } from './modules/offline/offline.jobs';
import { createOfflineService } from './modules/offline/offline.service';
import { registerPracticeJobs, schedulePracticeCleanUp } from './modules/practice/practice.jobs';
import { createPracticeService } from './modules/practice/practice.service';
import { createPrivateSendingService } from './modules/private-sending/private-sending.service';
import { createReportsService } from './modules/reports/reports.service';
import { createReviewService } from './modules/review/review.service';
import { createSchoolClassesService } from './modules/schools/classes.service';
import { registerSchoolJobs } from './modules/schools/schools.jobs';
import { createSchoolsService } from './modules/schools/schools.service';
import { createSpeechService } from './modules/speech/speech.service';
import { createStripeProvider } from './modules/subscriptions/payment-provider';
import { registerSubscriptionJobs, scheduleTrialReminders } from './modules/subscriptions/subscriptions.jobs';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { loadSiteContent } from './modules/system/site-content';
import { createSystemService } from './modules/system/system.service';
import { createUserGroupsService } from './modules/user-groups/user-groups.service';
import { createUsersService } from './modules/users/users.service';

export type ServiceOptions = {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** Whether this process runs the queued jobs (a server in the embedded mode, a worker) or only queues them. */
  runJobs: boolean;
  /** How the server's voice speaks (eSpeak NG unless a test counts its calls). */
  synthesize?: Synthesize;
};

/**
 * The composition root: every service is built here once, with its dependencies named. A module's service
 * may use another module's service, never its repository; the order below is the order they depend on.
 */
export const createServices = async ({
  config,
  database,
  log,
  clock = systemClock,
  runJobs,
  synthesize = espeakSynthesize,
}: ServiceOptions) => {
  const { db } = database;
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir);
  const mailer = createMailer(config.mail, log);
  const jobs = createJobQueue({ database, log });
  const tokens = await createTokens({ db, config, clock });
  const content = await loadSiteContent(config.site.contentFile);

  const system = createSystemService({ database, config, content, schema: expectedSchema() });
  const entitlements = createEntitlements({
    premiumForAll: config.subscriptions.premiumForAll,
    freeActiveItems: config.limits.freeActiveItems,
  });
  const memory = createMemoryService({ db, clock, jobs });
  const practice = createPracticeService({ db, config, clock, entitlements, memory });
  const review = createReviewService({ db, clock, practice, memory });
  // Before the users: deleting an account cancels its subscriptions at the provider first.
  const subscriptions = createSubscriptionsService({
    db,
    config,
    clock,
    jobs,
    log,
    entitlements,
    provider: config.stripe && createStripeProvider({ ...config.stripe, log }),
  });
  const media = createMediaService({
    db,
    storage,
    log,
    clock,
    graceSeconds: config.mediaSweepGraceSeconds,
  });
  const users = createUsersService({ db, media, clock, practice, subscriptions, memory });
  const mail = createMailService({ db, config, clock, jobs, users });
  const notifications = createNotificationsService({ db, config, clock, jobs, tokens, users });
  const auth = createAuthService({ db, config, tokens, jobs, clock, users, mail });
  const google = createGoogleService({ db, config, log, clock, auth });
  const categories = createCategoriesService({ db, config, media, log, clock, memory });
  const cards = createCardsService({
    db,
    storage,
    media,
    clock,
    categories,
    practice,
    publicUrl: config.publicUrl,
  });
  const speech = createSpeechService({ clock, synthesize });
  const cardImports = createCardImportsService({ db, storage, media, clock, jobs, categories, log });
  const market = createMarketService({
    db,
    config,
    clock,
    storage,
    media,
    jobs,
    categories,
    cards,
    notifications,
  });
  const friends = createFriendsService({ db, config, clock, users, practice, mail, notifications });
  const privateSending = createPrivateSendingService({
    db,
    config,
    clock,
    categories,
    cards,
    mail,
    notifications,
  });
  const reports = createReportsService({ db, config, clock, entitlements });
  const exams = createExamsService({ db, clock, media, jobs, entitlements, users, cards, notifications });
  const learningPaths = createLearningPathsService({
    db,
    clock,
    entitlements,
    users,
    exams,
    notifications,
    memory,
  });
  const offline = createOfflineService({ db, clock, practice, memory, learningPaths });
  const liveBus = await createLiveBus(database, log);
  const live = createLiveService({
    db,
    clock,
    cards,
    exams,
    learningPaths,
    bus: liveBus,
    maxPlayers: config.liveMaxPlayers,
  });
  const guardians = createGuardiansService({ db, config, clock, jobs, tokens, mail });
  const home = createHomeService({ db, config, clock, entitlements, memory });
  // The paths and exams given to classes and groups follow every change of their members.
  const assignments: AssignmentsFollow = {
    async membersChanged(tx, userIds) {
      await learningPaths.membersChanged(tx, userIds);
      await exams.membersChanged(tx, userIds);
    },
  };
  const userGroups = createUserGroupsService({ db, config, clock, assignments });
  const schools = createSchoolsService({ db, config, clock, media, jobs, users, auth, mail, assignments });
  const schoolClasses = createSchoolClassesService({ db, clock, users, exams, assignments });
  const { provider } = config.ai;
  const ai = createAiService({
    db,
    config,
    clock,
    jobs,
    storage,
    media,
    log,
    users,
    entitlements,
    cards,
    provider: provider && createCardProvider({ ...provider, timeoutSeconds: config.ai.timeoutSeconds }),
  });

  // Every job kind is defined before the queue starts.
  registerMailJobs(jobs, { mailer });
  registerMailDigestJobs(jobs, { mail });
  registerAuthJobs(jobs, { auth });
  registerAiJobs(jobs, { ai, timeoutSeconds: config.ai.timeoutSeconds });
  registerCardImportJobs(jobs, { cardImports });
  registerSchoolJobs(jobs, { schools });
  registerExamJobs(jobs, { exams });
  registerSubscriptionJobs(jobs, { subscriptions });
  registerPracticeJobs(jobs, { practice });
  registerOfflineJobs(jobs, { offline });
  registerLearningPathJobs(jobs, { learningPaths });
  registerMemoryJobs(jobs, { memory });
  registerMediaJobs(jobs, { media });
  registerGuardianJobs(jobs, { guardians });
  registerNotificationJobs(jobs, { notifications });
  await jobs.start({ work: runJobs });
  // Cron is kept where jobs are worked: there the exams whose end has come are completed every minute, and
  // trials ending in three days are reminded and past days' practice and path study sessions forgotten daily; media files
  // that crashes and failures left are swept every ten minutes and at each start, imports that outlived their
  // time every hour; notifications (exams about
  // to open, results published, digests due) every minute; guardians get their weekly summaries on Sundays,
  // and learners with enough answers their own FSRS parameters.
  if (runJobs) {
    await scheduleExamCompletion(jobs);
    await scheduleTrialReminders(jobs);
    await schedulePracticeCleanUp(jobs);
    await scheduleOfflineCleanUp(jobs);
    await schedulePathSessionCleanUp(jobs);
    await scheduleMediaSweep(jobs);
    await scheduleWeeklySummaries(jobs);
    await scheduleNotificationSweep(jobs);
    await scheduleMemoryFits(jobs);
    await scheduleImportSweep(jobs);
  }

  return {
    config,
    clock,
    entitlements,
    storage,
    media,
    jobs,
    tokens,
    system,
    practice,
    memory,
    review,
    offline,
    users,
    mail,
    notifications,
    auth,
    google,
    categories,
    cards,
    cardImports,
    speech,
    live,
    market,
    ai,
    friends,
    userGroups,
    privateSending,
    schools,
    schoolClasses,
    guardians,
    home,
    learningPaths,
    reports,
    exams,
    subscriptions,
    /** Closes what the services hold open: the job queue, the mail transport, the storage client, the database. */
    async close() {
      await jobs.stop();
      await liveBus.close();
      mailer.close();
      storage.close?.();
      await database.close();
    },
  };
};

export type Services = Awaited<ReturnType<typeof createServices>>;
