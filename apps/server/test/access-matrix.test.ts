import { createHash, randomUUID } from 'node:crypto';
import { apiRoutes, pathOf, type RouteDefinition } from '@flashcards/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  affiliateCommissions,
  affiliates,
  cards,
  categories,
  checkoutSessions,
  classTeachers,
  examAnswers,
  examAssignments,
  exams,
  friendRequests,
  guardians,
  learningPathCards,
  learningPathSessionAnswers,
  learningPaths,
  liveGames,
  marketReports,
  notifications,
  pathAssignments,
  payments,
  practiceSessionAnswers,
  privateOffers,
  schoolClasses,
  schoolInvitations,
  schools,
  schoolTests,
  testQuestions,
  userGroupMembers,
  userGroups,
  users,
} from '../src/db/schema';
import { toApkg } from '../src/modules/cards/card-export';
import { buildTestApp, type TestApp } from './build-app';
import {
  buildAiTask,
  buildBlock,
  buildCard,
  buildCardImport,
  buildCatalogVersion,
  buildCategory,
  buildFriendship,
  buildLiveGame,
  buildSchool,
  buildUser,
  PASSWORD,
} from './factories';
import { openLiveSocket } from './live-socket';
import { formData } from './multipart';
import { recordChanges, type UndoLog } from './undo-log';

/**
 * Who may call what: every route of the contract, called by a guest, another user, the owner of the
 * objects it names and a staff member, with the status each must get. Another user's private object
 * answers 404, as if it did not exist. Every route must have its row: a route added to the contract
 * without one fails this test. Later features add their rows (and their actors' objects to the fixture).
 */

type Actor = 'guest' | 'other' | 'owner' | 'staff';
type Statuses = Record<Actor, number>;

/** What the owner has: the objects the requests name. Each cell starts from the same one: writes do not leak. */
type Fixture = {
  owner: { id: number; email: string; refresh: () => Promise<string>; access: string };
  category: number;
  mergeChild: number;
  pictureCategory: number;
  kidsCategory: number;
  catalogCategory: number;
  catalogPictureCategory: number;
  /** The owner's category waiting for review (revision 0). */
  pendingCategory: number;
  /** The owner's adopted copy of another author's catalog category, up to date. */
  copy: number;
  /** An open report of the owner's catalog category, by a third user. */
  report: number;
  textCard: number;
  pictureCard: number;
  /** The owner's text category of four cards with different answers (enough for a live game). */
  liveCategory: number;
  /** A live game the owner hosts. */
  liveGame: number;
  kidsCard: number;
  textTask: string;
  /** An import of cards of the owner's, ended. */
  cardImport: string;
  imagesTask: string;
  /** A user unrelated to anyone, whom requests, blocks and groups name. */
  stranger: number;
  /** The owner's friend (user id) and their friendship. */
  friend: number;
  friendship: number;
  /** A request to the owner, and one by the owner. */
  requestToOwner: number;
  requestByOwner: number;
  /** The owner's block of a fourth user. */
  block: number;
  /** The owner's user group, with the friend in it. */
  group: number;
  /** A third user's category offered to the owner, with a card. */
  offered: number;
  /** The owner is a principal of this school, beside a second principal; a student of it. */
  school: number;
  secondPrincipal: number;
  student: number;
  /** A class of the school with the student in it, and a teacher of the school who teaches it. */
  schoolClass: number;
  classTeacher: number;
  /** The token of the links of the student's guardian (set by the student, not yet confirmed). */
  guardianToken: string;
  /** A school without members. */
  emptySchool: number;
  /** The empty school's invitations of the owner (who, a principal elsewhere, cannot accept them). */
  invitation: number;
  secondInvitation: number;
  studentEmail: string;
  /** A learning path the owner assigned to the student. */
  path: number;
  /** The owner's assignment of a path to the class, with the student's path of it. */
  assignment: number;
  assignmentPath: number;
  /** Paths the second principal assigned to the owner (text and picture), and the owner's row of a card of each. */
  textStudyPath: number;
  pictureStudyPath: number;
  textStudyRow: number;
  pictureStudyRow: number;
  /** The owner's test with one question, and the exam of it the owner gave the student (not started). */
  test: number;
  question: number;
  exam: number;
  /** The owner's exam of that test given to the class, with the student's exam of it. */
  examAssignment: number;
  /** An exam the second principal gave the owner, started and open, and a question of its test. */
  studyExam: number;
  studyQuestion: number;
  /** A commission of 150 lv the owner earned (over the minimum payout), for the staff payout routes. */
  commission: number;
  /** A checkout the owner started at the payment provider. */
  checkoutSession: string;
  /** The owner's notification of the path the second principal assigned them. */
  notification: number;
  /** The signed link that unsubscribes the owner from the school's e-mails. */
  unsubscribeToken: string;
};

type Request = {
  params?: Record<string, number | string>;
  query?: Record<string, string | number>;
  json?: object;
  form?: { fields: Record<string, string | number>; files?: Record<string, 'picture'> };
  /** Sends a card file as the form's `file`. */
  textFile?: boolean;
  /** Sends an Anki package of one picture note as the form's `file`. */
  apkgFile?: boolean;
  /** Sends a CSV file of students as the form's `file`. */
  studentsFile?: boolean;
  /** The CSV file's lines instead of one new pupil. */
  studentsCsv?: string;
  /** Sends the four files of a OneRoster import of one new pupil. */
  oneRoster?: boolean;
};

type Row = { request?: (f: Fixture) => Request | Promise<Request>; expect: Statuses };

const everyone = (status: number): Statuses => ({
  guest: status,
  other: status,
  owner: status,
  staff: status,
});
const signedIn = (status: number): Statuses => ({ guest: 401, other: status, owner: status, staff: status });
/** The owner's private object: nobody else may know it exists, staff included (no staff rule reaches it). */
const ownerOnly = (status: number): Statuses => ({ guest: 401, other: 404, owner: status, staff: 404 });
/** Moderation: staff only; a signed-in user is refused (403). */
const staffOnly = (status: number): Statuses => ({ guest: 401, other: 403, owner: 403, staff: status });
/** A school's management: its principal (the owner) only; anyone else is restricted (403). */
const principalOnly = (status: number): Statuses => ({ guest: 401, other: 403, owner: status, staff: 403 });
/** Something a reader does with someone else's catalog category: not its author. */
const notTheAuthor = (status: number): Statuses => ({ guest: 401, other: status, owner: 403, staff: status });

let uniqueEmail = 0;
const newPassword = 'Lilac-Ferry-Quartz-42';

const matrix: Record<string, Row> = {
  // System: public facts.
  health: { expect: everyone(200) },
  ready: { expect: everyone(200) },
  site: { expect: everyone(200) },
  publicStats: { expect: everyone(200) },

  // Accounts: the public flows answer every caller alike; the rest is the caller's own account.
  register: {
    request: () => ({
      json: {
        first_name: 'Ana',
        last_name: 'Petrova',
        email: `new${++uniqueEmail}@example.com`,
        password: newPassword,
        re_password: newPassword,
        accepted_terms: true,
      },
    }),
    expect: everyone(201),
  },
  // The owner is active already: the link is stale, whoever follows it.
  activate: {
    request: (f) => ({ json: { uid: Buffer.from(String(f.owner.id)).toString('base64url'), token: 'any' } }),
    expect: everyone(403),
  },
  resendActivation: { request: (f) => ({ json: { email: f.owner.email } }), expect: everyone(204) },
  tokenCreate: {
    request: (f) => ({ json: { email: f.owner.email, password: PASSWORD } }),
    expect: everyone(200),
  },
  tokenRefresh: {
    request: async (f) => ({ json: { refresh: await f.owner.refresh() } }),
    expect: everyone(200),
  },
  tokenVerify: { request: (f) => ({ json: { token: f.owner.access } }), expect: everyone(200) },
  logout: { request: async (f) => ({ json: { refresh: await f.owner.refresh() } }), expect: everyone(204) },
  me: { expect: signedIn(200) },
  updateMe: { request: () => ({ json: { first_name: 'Vera' } }), expect: signedIn(200) },
  resetPassword: { request: (f) => ({ json: { email: f.owner.email } }), expect: everyone(204) },
  resetPasswordConfirm: {
    request: () => ({
      json: { uid: 'MQ', token: 'not-a-token', new_password: newPassword, re_new_password: newPassword },
    }),
    expect: everyone(400),
  },
  uploadAvatar: {
    request: () => ({ form: { fields: {}, files: { avatar: 'picture' } } }),
    expect: signedIn(200),
  },
  removeUser: { expect: signedIn(204) },
  setPassword: {
    request: () => ({
      json: { current_password: PASSWORD, new_password: newPassword, re_new_password: newPassword },
    }),
    expect: signedIn(200),
  },
  setEmail: {
    request: () => ({ json: { current_password: PASSWORD, new_email: `moved${++uniqueEmail}@example.com` } }),
    expect: signedIn(204),
  },
  // A link that is not the owner's: refused alike, whoever opens it.
  setEmailConfirm: {
    request: (f) => ({ json: { uid: Buffer.from(String(f.owner.id)).toString('base64url'), token: 'any' } }),
    expect: everyone(400),
  },
  // Google sign-in is not configured in tests: the routes say so to everyone.
  googleAuthorizationUrl: {
    request: () => ({ query: { redirect_uri: 'http://localhost/login/google' } }),
    expect: everyone(404),
  },
  googleSignIn: { request: () => ({ json: { state: 'state', code: 'code' } }), expect: everyone(404) },

  // Practice.
  myActivity: { expect: signedIn(200) },
  // A fresh session for each caller, whose last answer is the owner's.
  undoLastAnswer: {
    request: async (f) => {
      const session = randomUUID();
      await t.database.db.insert(practiceSessionAnswers).values({
        sessionId: session,
        userId: f.owner.id,
        cardId: f.textCard,
        scoreColumn: 'incorrect_guesses_score',
        day: '2026-01-01',
        learned: false,
        completedCategory: false,
        answeredAt: new Date(),
      });
      return { params: { session } };
    },
    expect: ownerOnly(200),
  },

  // Answers given offline name cards inside the body: everyone may send them, and another's card answers
  // `not_found` inside the 200 and changes nothing (offline.test.ts checks that).
  syncOfflineAnswers: {
    request: (f) => ({
      json: {
        answers: [
          {
            id: randomUUID(),
            card_id: f.textCard,
            mode: 'verbal',
            correct: true,
            answered_at: new Date().toISOString(),
          },
        ],
      },
    }),
    expect: signedIn(200),
  },

  // Spaced review: the owner's text and picture cards.
  reviewSession: { request: (f) => ({ params: { id: f.category } }), expect: ownerOnly(200) },
  reviewAnswer: {
    request: (f) => ({ params: { id: f.pictureCard }, json: { mode: 'typing', correct: true, seconds: 6 } }),
    expect: ownerOnly(200),
  },
  reviewSummary: { expect: signedIn(200) },
  memoryModel: { expect: signedIn(200) },
  // Everyone's own home: it names nobody else's object.
  home: { expect: signedIn(200) },

  // Categories: the lists are the caller's own; one category is its owner's alone.
  categories: { expect: signedIn(200) },
  kidsCategories: { expect: signedIn(200) },
  allCategories: { expect: signedIn(200) },
  allKidsCategories: { expect: signedIn(200) },
  createCategory: {
    request: () => ({ json: { name: 'Verbs', type_of_cards: 'text' } }),
    expect: signedIn(201),
  },
  category: { request: (f) => ({ params: { id: f.category } }), expect: ownerOnly(200) },
  updateCategory: {
    request: (f) => ({ params: { id: f.category }, json: { name: 'Nouns', type_of_cards: 'text' } }),
    expect: ownerOnly(200),
  },
  deleteCategory: { request: (f) => ({ params: { id: f.category } }), expect: ownerOnly(204) },
  resetCategory: { request: (f) => ({ json: { category_id: f.category } }), expect: ownerOnly(204) },
  mergeCategory: {
    request: (f) => ({ json: { parent_category_id: f.category, child_category_id: f.mergeChild } }),
    expect: ownerOnly(200),
  },

  // Text cards.
  textTags: { request: (f) => ({ query: { category_id: f.category } }), expect: ownerOnly(200) },
  textCardDuplicate: {
    request: (f) => ({ query: { category_id: f.category, first_side: 'anything' } }),
    expect: ownerOnly(200),
  },
  textCardsPage: { request: (f) => ({ query: { category_id: f.category } }), expect: ownerOnly(200) },
  textCards: { request: (f) => ({ query: { category_id: f.category } }), expect: ownerOnly(200) },
  textCard: { request: (f) => ({ params: { id: f.textCard } }), expect: ownerOnly(200) },
  createTextCard: {
    request: (f) => ({ json: { first_side: 'dog', second_side: 'куче', category: f.category } }),
    expect: ownerOnly(201),
  },
  updateTextCard: {
    request: (f) => ({
      params: { id: f.textCard },
      json: { first_side: 'cat', second_side: 'котка', category: f.category },
    }),
    expect: ownerOnly(200),
  },
  deleteTextCard: { request: (f) => ({ params: { id: f.textCard } }), expect: ownerOnly(204) },
  uploadTextCards: {
    request: (f) => ({ form: { fields: { category_id: f.category }, files: {} }, textFile: true }),
    expect: ownerOnly(201),
  },
  // The catalog's cards are anyone's to read.
  publicTextTags: { request: (f) => ({ query: { category_id: f.catalogCategory } }), expect: everyone(200) },
  publicTextCards: { request: (f) => ({ query: { category_id: f.catalogCategory } }), expect: everyone(200) },

  // Picture cards.
  pictureTags: { request: (f) => ({ query: { category_id: f.pictureCategory } }), expect: ownerOnly(200) },
  pictureCardsPage: {
    request: (f) => ({ query: { category_id: f.pictureCategory } }),
    expect: ownerOnly(200),
  },
  pictureCards: { request: (f) => ({ query: { category_id: f.pictureCategory } }), expect: ownerOnly(200) },
  pictureCard: { request: (f) => ({ params: { id: f.pictureCard } }), expect: ownerOnly(200) },
  createPictureCard: {
    request: (f) => ({
      form: {
        fields: { second_side: 'a dog', category: f.pictureCategory },
        files: { first_side: 'picture' },
      },
    }),
    expect: ownerOnly(201),
  },
  updatePictureCard: {
    request: (f) => ({
      params: { id: f.pictureCard },
      form: { fields: { second_side: 'a cat', category: f.pictureCategory } },
    }),
    expect: ownerOnly(200),
  },
  // Cards of rectangles drawn on a picture, in one's own picture category only.
  createOcclusionCards: {
    request: (f) => ({
      form: {
        fields: {
          category: f.pictureCategory,
          masks: JSON.stringify([{ x: 0.1, y: 0.1, width: 0.3, height: 0.2, answer: 'a nose' }]),
        },
        files: { first_side: 'picture' },
      },
    }),
    expect: ownerOnly(201),
  },
  deletePictureCard: { request: (f) => ({ params: { id: f.pictureCard } }), expect: ownerOnly(204) },
  // An import into one's own category only; its progress is its starter's.
  startCardImport: {
    request: (f) => ({ form: { fields: { category_id: f.pictureCategory }, files: {} }, apkgFile: true }),
    expect: ownerOnly(202),
  },
  cardImport: { request: (f) => ({ params: { id: f.cardImport } }), expect: ownerOnly(200) },
  exportCards: {
    request: (f) => ({ params: { id: f.category }, query: { format: 'apkg' } }),
    expect: ownerOnly(200),
  },
  // A live game of one's own category; a game is its host's only.
  createLiveGame: { request: (f) => ({ json: { category: f.liveCategory } }), expect: ownerOnly(201) },
  liveGame: { request: (f) => ({ params: { id: f.liveGame } }), expect: ownerOnly(200) },
  liveGames: { request: () => ({}), expect: signedIn(200) },
  liveResults: { request: (f) => ({ params: { id: f.liveGame } }), expect: ownerOnly(200) },
  exportLiveResults: { request: (f) => ({ params: { id: f.liveGame } }), expect: ownerOnly(200) },
  // The server's voice names no object: the caller's own text, for anyone (limited per address).
  speech: { request: () => ({ query: { text: 'Здравей', language: 'bg' } }), expect: everyone(200) },
  publicPictureTags: {
    request: (f) => ({ query: { category_id: f.catalogPictureCategory } }),
    expect: everyone(200),
  },
  publicPictureCards: {
    request: (f) => ({ query: { category_id: f.catalogPictureCategory } }),
    expect: everyone(200),
  },

  // Kids cards.
  kidsCardsPage: { request: (f) => ({ query: { category_id: f.kidsCategory } }), expect: ownerOnly(200) },
  kidsCards: { request: (f) => ({ query: { category_id: f.kidsCategory } }), expect: ownerOnly(200) },
  kidsCard: { request: (f) => ({ params: { id: f.kidsCard } }), expect: ownerOnly(200) },
  createKidsCard: {
    request: (f) => ({
      form: {
        fields: { second_side: 'куче', category: f.kidsCategory, language: 'bg' },
        files: { first_side: 'picture' },
      },
    }),
    expect: ownerOnly(201),
  },
  updateKidsCard: {
    request: (f) => ({
      params: { id: f.kidsCard },
      form: { fields: { second_side: 'котка', category: f.kidsCategory, language: 'bg' } },
    }),
    expect: ownerOnly(200),
  },
  deleteKidsCard: { request: (f) => ({ params: { id: f.kidsCard } }), expect: ownerOnly(204) },

  // AI generation: anyone signed in may start one; a task is its owner's alone.
  generateFromTopic: {
    request: () => ({
      json: { topic: 'Capitals of Europe', language: 'English', cardNumber: 5, level: 'easy' },
    }),
    expect: signedIn(202),
  },
  topicTask: { request: (f) => ({ query: { task_id: f.textTask } }), expect: ownerOnly(200) },
  generateFromImages: {
    request: () => ({
      form: { fields: { card_quantity: 5, language: 'en' }, files: { first_image: 'picture' } },
    }),
    expect: signedIn(202),
  },
  imagesTask: { request: (f) => ({ query: { task_id: f.imagesTask } }), expect: ownerOnly(200) },
  createAiCards: {
    request: () => ({
      json: { category_name: 'Capitals', flashcards: [{ question: 'France', answer: 'Paris', tag: '' }] },
    }),
    expect: signedIn(201),
  },

  // The catalog.
  publicMarketCategory: { request: (f) => ({ params: { id: f.catalogCategory } }), expect: everyone(200) },
  publicMarketCategories: { expect: everyone(200) },
  marketCategories: { expect: signedIn(200) },
  marketCategory: { request: (f) => ({ params: { id: f.catalogCategory } }), expect: signedIn(200) },
  publish: {
    request: (f) => ({
      params: { id: f.category },
      json: { name: 'Animals', description: 'Common animals', language: 'en', topic: 'languages' },
    }),
    expect: ownerOnly(200),
  },
  rate: {
    request: (f) => ({ params: { id: f.catalogCategory }, json: { rating: 4 } }),
    expect: notTheAuthor(200),
  },
  report: {
    request: (f) => ({ params: { id: f.catalogCategory }, json: { reason: 'Spam' } }),
    expect: notTheAuthor(201),
  },
  adopt: { request: (f) => ({ json: { category_id: f.catalogCategory } }), expect: notTheAuthor(201) },
  adoptedUpdate: { request: (f) => ({ params: { id: f.copy } }), expect: ownerOnly(200) },
  // Up to date: nothing to apply.
  applyAdoptedUpdate: { request: (f) => ({ params: { id: f.copy } }), expect: ownerOnly(409) },
  moderationQueue: { expect: staffOnly(200) },
  moderationCategory: { request: (f) => ({ params: { id: f.pendingCategory } }), expect: staffOnly(200) },
  approve: {
    request: (f) => ({ params: { id: f.pendingCategory }, json: { revision: 0 } }),
    expect: staffOnly(200),
  },
  reject: {
    request: (f) => ({ params: { id: f.pendingCategory }, json: { revision: 0, reason: 'Too few cards' } }),
    expect: staffOnly(200),
  },
  withdraw: {
    request: (f) => ({ params: { id: f.catalogCategory }, json: { reason: 'Abuse' } }),
    expect: staffOnly(200),
  },
  marketReports: { expect: staffOnly(200) },
  dismissReport: { request: (f) => ({ params: { id: f.report } }), expect: staffOnly(204) },

  // Friends: the lists are the caller's own; a request, friendship or block is its people's alone, and a
  // friend's profile is for their friends.
  friendshipRequests: { expect: signedIn(200) },
  sendFriendshipRequest: { request: (f) => ({ json: { to_user: f.stranger } }), expect: signedIn(201) },
  acceptFriendshipRequest: { request: (f) => ({ params: { id: f.requestToOwner } }), expect: ownerOnly(200) },
  rejectFriendshipRequest: { request: (f) => ({ params: { id: f.requestToOwner } }), expect: ownerOnly(204) },
  cancelFriendshipRequest: { request: (f) => ({ params: { id: f.requestByOwner } }), expect: ownerOnly(204) },
  friendships: { expect: signedIn(200) },
  removeFriendship: { request: (f) => ({ params: { id: f.friendship } }), expect: ownerOnly(204) },
  block: { request: (f) => ({ json: { blocked: f.stranger } }), expect: signedIn(201) },
  unblock: { request: (f) => ({ params: { id: f.block } }), expect: ownerOnly(204) },
  blocks: { expect: signedIn(200) },
  searchFriends: { request: () => ({ query: { search: 'First' } }), expect: signedIn(200) },
  friendDetails: { request: (f) => ({ params: { id: f.friend } }), expect: ownerOnly(200) },
  friendFriends: { request: (f) => ({ params: { id: f.friend } }), expect: ownerOnly(200) },
  friendActivity: { request: (f) => ({ params: { id: f.friend } }), expect: ownerOnly(200) },

  // User groups: the caller's own lists; a group is its author's alone.
  userGroupsPage: { expect: signedIn(200) },
  userGroups: { expect: signedIn(200) },
  createUserGroup: { request: () => ({ json: { name: 'Class 5B' } }), expect: signedIn(201) },
  userGroup: { request: (f) => ({ params: { id: f.group } }), expect: ownerOnly(200) },
  renameUserGroup: {
    request: (f) => ({ params: { id: f.group }, json: { name: 'Class 6B' } }),
    expect: ownerOnly(200),
  },
  deleteUserGroup: { request: (f) => ({ params: { id: f.group } }), expect: ownerOnly(204) },
  addGroupMembers: {
    request: (f) => ({ params: { id: f.group }, json: { user_ids: [f.stranger] } }),
    expect: ownerOnly(200),
  },
  removeGroupMembers: {
    request: (f) => ({ params: { id: f.group }, json: { user_ids: [f.friend] } }),
    expect: ownerOnly(200),
  },
  searchGroupCandidates: {
    request: (f) => ({ query: { users_group_id: f.group, search: 'First' } }),
    expect: ownerOnly(200),
  },

  // Private sending: the inbox is the caller's own; an offer is its receiver's; a category is sent by its owner.
  inbox: { expect: signedIn(200) },
  inboxCount: { expect: signedIn(200) },

  // Notifications: each person's own; the unsubscribe link is signed, so it needs no sign-in.
  notifications: { expect: signedIn(200) },
  unreadNotifications: { expect: signedIn(200) },
  readNotification: { request: (f) => ({ params: { id: f.notification } }), expect: ownerOnly(204) },
  readAllNotifications: { request: () => ({ json: { item: 'my_learning_paths' } }), expect: signedIn(204) },
  unsubscribe: {
    request: (f) => ({ params: { token: f.unsubscribeToken }, json: {} }),
    expect: everyone(200),
  },
  acceptOffer: { request: (f) => ({ json: { category_id: f.offered } }), expect: ownerOnly(201) },
  declineOffer: { request: (f) => ({ params: { id: f.offered } }), expect: ownerOnly(204) },
  sendCategory: {
    request: (f) => ({ params: { id: f.category }, json: { receivers_ids: [f.stranger] } }),
    expect: ownerOnly(200),
  },
  searchReceivers: {
    request: (f) => ({ query: { category_id: f.category, search: 'First' } }),
    expect: ownerOnly(200),
  },

  // Schools: the list is public; a school's management is its principals'; schools are staff's.
  schoolsList: { expect: everyone(200) },
  schoolDetails: { expect: principalOnly(200) },
  updateSchoolDetails: { request: () => ({ json: { is_listed: false } }), expect: principalOnly(200) },
  schoolStudents: { expect: principalOnly(200) },
  registerStudent: {
    request: () => ({
      json: { first_name: 'Ana', last_name: 'Petrova', email: `pupil${++uniqueEmail}@example.com` },
    }),
    expect: principalOnly(201),
  },
  updateSchoolStudent: {
    request: (f) => ({ params: { id: f.student }, json: { is_teacher: true } }),
    expect: principalOnly(200),
  },
  removeSchoolStudent: { request: (f) => ({ params: { id: f.student } }), expect: principalOnly(204) },
  // The principal owner may not leave, and nobody else here is a member who joined (the route test has one).
  leaveSchool: { expect: { guest: 401, other: 403, owner: 403, staff: 403 } },
  // Invitations are the invited person's: anyone else's id does not exist. The owner is a principal of
  // another school, so accepting is refused with the reason (the route test accepts one).
  myInvitations: { expect: signedIn(200) },
  acceptInvitation: {
    request: (f) => ({ params: { id: f.invitation } }),
    expect: { guest: 401, other: 404, owner: 400, staff: 404 },
  },
  declineInvitation: { request: (f) => ({ params: { id: f.secondInvitation } }), expect: ownerOnly(204) },
  bulkCreateUsers: {
    request: () => ({ form: { fields: {} }, studentsFile: true }),
    expect: principalOnly(201),
  },
  // Classes: the principal's to manage; a class is seen by its school's principals and its teachers only.
  schoolClasses: { expect: principalOnly(200) },
  createSchoolClass: { request: () => ({ json: { name: '9Z' } }), expect: principalOnly(201) },
  schoolClass: { request: (f) => ({ params: { id: f.schoolClass } }), expect: ownerOnly(200) },
  updateSchoolClass: {
    request: (f) => ({ params: { id: f.schoolClass }, json: { name: '9Y' } }),
    expect: principalOnly(200),
  },
  deleteSchoolClass: { request: (f) => ({ params: { id: f.schoolClass } }), expect: principalOnly(204) },
  assignClassTeacher: {
    request: (f) => ({
      params: { id: f.schoolClass, teacherId: f.classTeacher },
      json: { role: 'subject_teacher' },
    }),
    expect: principalOnly(200),
  },
  removeClassTeacher: {
    request: (f) => ({ params: { id: f.schoolClass, teacherId: f.classTeacher } }),
    expect: principalOnly(204),
  },
  moveStudentToClass: {
    request: (f) => ({ params: { id: f.student }, json: { class_id: null } }),
    expect: principalOnly(204),
  },
  gradebook: { request: (f) => ({ params: { id: f.schoolClass } }), expect: ownerOnly(200) },
  exportGradebook: { request: (f) => ({ params: { id: f.schoolClass } }), expect: ownerOnly(200) },
  myClasses: { expect: signedIn(200) },
  // Guardians: the principal's for the school's students; a student's own (the owner and the others here
  // are no students: the route test has them); the mailed links are anyone's who holds them.
  schoolGuardians: { expect: principalOnly(200) },
  setStudentGuardian: {
    request: (f) => ({ params: { id: f.student }, json: { email: `guardian${++uniqueEmail}@example.com` } }),
    expect: principalOnly(200),
  },
  removeStudentGuardian: { request: (f) => ({ params: { id: f.student } }), expect: principalOnly(204) },
  myGuardian: { expect: { guest: 401, other: 403, owner: 403, staff: 403 } },
  setMyGuardian: {
    request: () => ({ json: { email: `guardian${++uniqueEmail}@example.com` } }),
    expect: { guest: 401, other: 403, owner: 403, staff: 403 },
  },
  removeMyGuardian: { expect: { guest: 401, other: 403, owner: 403, staff: 403 } },
  confirmGuardian: { request: (f) => ({ params: { token: f.guardianToken } }), expect: everyone(200) },
  unsubscribeGuardian: { request: (f) => ({ params: { token: f.guardianToken } }), expect: everyone(200) },
  importOneRoster: { request: () => ({ form: { fields: {} }, oneRoster: true }), expect: principalOnly(201) },
  adminSchools: { expect: staffOnly(200) },
  createSchool: {
    request: () => ({ json: { name: 'New school', available_students: 5 } }),
    expect: staffOnly(201),
  },
  adminSchool: { request: (f) => ({ params: { id: f.school } }), expect: staffOnly(200) },
  updateSchool: {
    request: (f) => ({ params: { id: f.school }, json: { name: 'Renamed school' } }),
    expect: staffOnly(200),
  },
  deleteSchool: { request: (f) => ({ params: { id: f.emptySchool } }), expect: staffOnly(204) },
  addPrincipal: {
    request: (f) => ({ params: { id: f.emptySchool }, json: { email: `head${++uniqueEmail}@example.com` } }),
    expect: staffOnly(201),
  },
  removePrincipal: {
    request: (f) => ({ params: { id: f.school, userId: f.secondPrincipal } }),
    expect: staffOnly(204),
  },

  // Learning paths: the teacher's to see and delete, the student's to study (the owner is both: a principal
  // who assigned one, and a member another principal assigned two to). Assigning names one's own category:
  // anyone else's is a field error.
  teacherPaths: { expect: signedIn(200) },
  // A principal oversees the work of their school's teachers, read-only.
  overseenPaths: { request: (f) => ({ query: { teacher: f.classTeacher } }), expect: principalOnly(200) },
  studentPaths: { expect: signedIn(200) },
  createPaths: {
    request: (f) => ({
      json: [
        {
          name: 'Path',
          assigned_user: f.student,
          category: f.category,
          start_at: '2026-01-01',
          end_at: '2026-12-31',
        },
      ],
    }),
    expect: { guest: 401, other: 400, owner: 201, staff: 400 },
  },
  teacherPath: { request: (f) => ({ params: { id: f.path } }), expect: ownerOnly(200) },
  updatePath: {
    request: (f) => ({ params: { id: f.path }, json: { name: 'Renamed' } }),
    expect: ownerOnly(200),
  },
  // Assignments to a class or a group: the owner (a principal) gives one to a class of their school;
  // another user does not reach the class (404).
  assignments: { expect: signedIn(200) },
  createAssignment: {
    request: (f) => ({
      json: {
        name: 'Path',
        school_class: f.schoolClass,
        category: f.category,
        start_at: '2026-01-01',
        end_at: '2999-12-31',
      },
    }),
    expect: ownerOnly(201),
  },
  assignment: { request: (f) => ({ params: { id: f.assignment } }), expect: ownerOnly(200) },
  updateAssignment: {
    request: (f) => ({ params: { id: f.assignment }, json: { name: 'Renamed' } }),
    expect: ownerOnly(200),
  },
  deleteAssignment: { request: (f) => ({ params: { id: f.assignment } }), expect: ownerOnly(204) },
  deletePath: { request: (f) => ({ params: { id: f.path } }), expect: ownerOnly(204) },
  // The test of a path: its teacher's to change, its student's to open (this one has none: refused).
  pathTest: { request: (f) => ({ params: { id: f.path }, json: { test: null } }), expect: ownerOnly(200) },
  openPathTest: { request: (f) => ({ params: { id: f.textStudyPath } }), expect: ownerOnly(403) },
  pathProgress: { request: (f) => ({ query: { learning_path_id: f.path } }), expect: ownerOnly(200) },
  pathTextCards: {
    request: (f) => ({ query: { learning_path_id: f.textStudyPath } }),
    expect: ownerOnly(200),
  },
  pathPictureCards: {
    request: (f) => ({ query: { learning_path_id: f.pictureStudyPath } }),
    expect: ownerOnly(200),
  },
  answerPathTextCard: {
    request: (f) => ({ params: { id: f.textStudyRow }, json: { guesses_score: 1 } }),
    expect: ownerOnly(200),
  },
  answerPathPictureCard: {
    request: (f) => ({ params: { id: f.pictureStudyRow }, form: { fields: { guesses_score: 1 } } }),
    expect: ownerOnly(200),
  },
  // The owner's study session of a path, its last answer kept by an answer.
  undoPathAnswer: {
    request: async (f) => {
      const session = randomUUID();
      await t.database.db.insert(learningPathSessionAnswers).values({
        sessionId: session,
        userId: f.owner.id,
        rowId: f.textStudyRow,
        scoreColumn: 'incorrect_guesses_score',
        day: '2026-01-01',
        learned: false,
        completed: false,
        answeredAt: new Date(),
      });
      return { params: { session } };
    },
    expect: ownerOnly(200),
  },
  pathStudentsSearch: { request: () => ({ query: { search: 'First' } }), expect: signedIn(200) },

  // Reports: for premium accounts (the owner is in a trial; the others are not), on students one reaches.
  reportStudents: { expect: { guest: 401, other: 403, owner: 200, staff: 403 } },
  reports: {
    request: (f) => ({ query: { userEmail: f.studentEmail } }),
    expect: { guest: 401, other: 403, owner: 200, staff: 403 },
  },
  reportCards: {
    request: (f) => ({ query: { userEmail: f.studentEmail, learning_path_id: f.path } }),
    expect: { guest: 401, other: 403, owner: 200, staff: 403 },
  },
  reportExport: {
    request: (f) => ({ query: { userEmail: f.studentEmail } }),
    expect: { guest: 401, other: 403, owner: 200, staff: 403 },
  },

  // Tests and exams: a test is its author's alone; an exam is its teacher's to follow and its student's to
  // take (the owner gave one to the student, and takes one the second principal gave them).
  tests: { expect: signedIn(200) },
  createTest: {
    request: () => ({
      json: {
        name: 'Rivers',
        excellent_score_value: 9,
        very_good_score_value: 7,
        good_score_value: 5,
        satisfy_score_value: 3,
      },
    }),
    expect: signedIn(201),
  },
  // A draft from cards names a category: the owner's text category, given a second answer to choose from.
  draftTestFromCards: {
    request: async (f) => {
      await buildCard(t.database.db, { categoryId: f.category, secondSide: 'A second answer' });
      return { json: { category: f.category, kinds: { single: 2 }, seed: 1 } };
    },
    expect: ownerOnly(200),
  },
  createTestWithQuestions: {
    request: () => ({
      json: {
        name: 'Capitals',
        excellent_score_value: 4,
        very_good_score_value: 3,
        good_score_value: 2,
        satisfy_score_value: 1,
        questions: [
          {
            question_text: 'France?',
            answer_a: 'Paris',
            answer_b: 'Rome',
            correct_answer: 'a',
            score_value: 1,
          },
        ],
      },
    }),
    expect: signedIn(201),
  },
  test: { request: (f) => ({ params: { id: f.test } }), expect: ownerOnly(200) },
  updateTest: {
    request: (f) => ({
      params: { id: f.test },
      json: {
        name: 'Lakes',
        excellent_score_value: 4,
        very_good_score_value: 3,
        good_score_value: 2,
        satisfy_score_value: 1,
      },
    }),
    expect: ownerOnly(200),
  },
  deleteTest: { request: (f) => ({ params: { id: f.test } }), expect: ownerOnly(204) },
  copyTest: { request: (f) => ({ params: { id: f.test } }), expect: ownerOnly(201) },
  orderQuestions: {
    request: (f) => ({ params: { id: f.test }, json: { questions: [f.question] } }),
    expect: ownerOnly(200),
  },
  testChoices: { expect: signedIn(200) },
  createQuestion: {
    request: (f) => ({
      json: {
        test: f.test,
        question_text: 'Longest?',
        answer_a: 'Nile',
        answer_b: 'Danube',
        correct_answer: 'a',
        score_value: 2,
      },
    }),
    expect: ownerOnly(201),
  },
  updateQuestion: {
    request: (f) => ({
      params: { id: f.question },
      json: {
        question_text: 'Widest?',
        answer_a: 'Amazon',
        answer_b: 'Rhine',
        correct_answer: 'a',
        score_value: 2,
      },
    }),
    expect: ownerOnly(200),
  },
  deleteQuestion: { request: (f) => ({ params: { id: f.question } }), expect: ownerOnly(204) },
  setQuestionPicture: {
    request: (f) => ({ params: { id: f.question }, form: { fields: {}, files: { picture: 'picture' } } }),
    expect: ownerOnly(200),
  },
  deleteQuestionPicture: { request: (f) => ({ params: { id: f.question } }), expect: ownerOnly(200) },
  createExams: {
    request: (f) => ({
      json: {
        school_test: f.test,
        student: [f.student],
        start_at: '2000-01-01T08:00:00Z',
        end_at: '2999-12-31T08:00:00Z',
      },
    }),
    expect: ownerOnly(201),
  },
  // Exams given to a class or a group: the owner (a principal) gives one to a class of their school;
  // another user does not reach the class (404).
  examAssignments: { expect: signedIn(200) },
  createExamAssignment: {
    request: (f) => ({
      json: {
        school_test: f.test,
        school_class: f.schoolClass,
        start_at: '2000-01-01T08:00:00Z',
        end_at: '2999-12-31T08:00:00Z',
      },
    }),
    expect: ownerOnly(201),
  },
  examAssignment: { request: (f) => ({ params: { id: f.examAssignment } }), expect: ownerOnly(200) },
  updateExamAssignment: {
    request: (f) => ({ params: { id: f.examAssignment }, json: { show_results_after_end: true } }),
    expect: ownerOnly(200),
  },
  deleteExamAssignment: { request: (f) => ({ params: { id: f.examAssignment } }), expect: ownerOnly(204) },
  teacherExams: { expect: signedIn(200) },
  overseenExams: { request: (f) => ({ query: { teacher: f.classTeacher } }), expect: principalOnly(200) },
  examSummary: { expect: signedIn(200) },
  exam: { request: (f) => ({ params: { id: f.exam } }), expect: ownerOnly(200) },
  updateExam: {
    request: (f) => ({ params: { id: f.exam }, json: { extra_minutes: 15 } }),
    expect: ownerOnly(200),
  },
  deleteExam: { request: (f) => ({ params: { id: f.exam } }), expect: ownerOnly(204) },
  examStudentsSearch: { request: () => ({ query: { search: 'First' } }), expect: signedIn(200) },
  studentExams: { expect: signedIn(200) },
  startExam: { request: (f) => ({ params: { id: f.studyExam } }), expect: ownerOnly(200) },
  answerQuestion: {
    request: (f) => ({
      params: { examId: f.studyExam, questionId: f.studyQuestion },
      json: { student_answer: 'b' },
    }),
    expect: ownerOnly(200),
  },
  completeExam: { request: (f) => ({ params: { id: f.studyExam } }), expect: ownerOnly(200) },
  // The owner takes the study exam: only its student tells the teacher where their page is.
  examPresence: {
    request: (f) => ({ params: { id: f.studyExam }, json: { state: 'away' } }),
    expect: ownerOnly(204),
  },
  // The exam the owner gave, completed by the student: its teacher reopens it.
  reopenExam: {
    request: async (f) => {
      await t.database.db
        .update(exams)
        .set({ startedAt: new Date('2000-01-01T00:00:00Z'), completedAt: new Date(), completedBy: 'student' })
        .where(eq(exams.id, f.exam));
      return { params: { id: f.exam }, json: { minutes: 10 } };
    },
    expect: ownerOnly(200),
  },
  examLive: { request: (f) => ({ params: { id: f.test } }), expect: ownerOnly(200) },
  // Results that leave the screen: always the caller's own exams (empty for anyone else's).
  examAnalysis: { request: (f) => ({ query: { test_id: f.test } }), expect: signedIn(200) },
  examResults: { request: (f) => ({ query: { test_id: f.test } }), expect: signedIn(200) },
  exportExamResults: { request: (f) => ({ query: { test_id: f.test } }), expect: signedIn(200) },
  colleagues: { expect: signedIn(200) },

  // Subscriptions: no payment provider is configured here, so the routes that need one say so (503);
  // the plans are public; one's own subscription and affiliate details are one's own.
  plans: { expect: everyone(200) },
  mySubscription: { expect: signedIn(200) },
  checkout: { request: () => ({ json: { plan: 'monthly', currency: 'bgn' } }), expect: signedIn(503) },
  checkoutStatus: {
    request: (f) => ({ params: { session_id: f.checkoutSession } }),
    expect: ownerOnly(200),
  },
  portal: { expect: signedIn(503) },
  webhook: { request: () => ({ json: { id: 'evt_1', type: 'invoice.paid' } }), expect: everyone(503) },
  affiliateDetails: { expect: signedIn(200) },
  adminAffiliates: { expect: staffOnly(200) },
  payAffiliate: { request: (f) => ({ params: { id: f.owner.id } }), expect: staffOnly(200) },
  markCommissionPaid: { request: (f) => ({ params: { id: f.commission } }), expect: staffOnly(200) },
};

let t: TestApp;
let passwordHash: string;
let picture: Buffer;
beforeAll(async () => {
  // A provider nobody calls: no job runs here, the routes only need one configured.
  t = await buildTestApp({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'none' });
  passwordHash = (await buildUser(t.database.db, { password: PASSWORD })).passwordHash!;
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** The fixtures' pictures: a case that deletes one has it stored again before the next. */
const storedPictures: string[] = [];
const storedPicture = async (userId: number) => {
  const key = `pictures/${userId}-${Date.now()}-${Math.random().toString(36).slice(2)}.png`;
  await t.services.storage.put(key, picture, 'image/png');
  storedPictures.push(key);
  return key;
};

/** The owner and their objects, the other user and a staff member; access tokens signed for each. */
const newFixture = async () => {
  const db = t.database.db;
  const school = await buildSchool(db, { availableStudents: 10 });
  const principal = { schoolId: school.id, isOrganizationHost: true, isOrganizationMember: true };
  const owner = await buildUser(db, {
    passwordHash,
    ...principal,
    trialEndDate: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  });
  const secondPrincipal = await buildUser(db, principal);
  const student = await buildUser(db, { schoolId: school.id, isStudent: true, isOrganizationMember: true });
  const other = await buildUser(db, { passwordHash });
  const staff = await buildUser(db, { passwordHash, isStaff: true });
  const category = await buildCategory(db, { userId: owner.id });
  const mergeChild = await buildCategory(db, { userId: owner.id });
  const pictureCategory = await buildCategory(db, { userId: owner.id, typeOfCards: 'picture' });
  const kidsCategory = await buildCategory(db, { userId: owner.id, typeOfCards: 'kids' });
  const catalog = { marketApprovement: 'approved' as const, marketAccessible: true };
  const catalogCategory = await buildCategory(db, { userId: owner.id, ...catalog });
  const catalogPictureCategory = await buildCategory(db, {
    userId: owner.id,
    typeOfCards: 'picture',
    ...catalog,
  });
  const ownPicture = await storedPicture(owner.id);
  const pendingCategory = await buildCategory(db, {
    userId: owner.id,
    marketApprovement: 'pending',
    marketAccessible: true,
    marketSubmittedAt: new Date(),
  });
  await buildCard(db, { categoryId: pendingCategory.id });
  const source = await buildCategory(db);
  await buildCard(db, { categoryId: source.id });
  const sourceVersion = await buildCatalogVersion(db, source.id);
  const copy = await buildCategory(db, {
    userId: owner.id,
    adoptedFromId: source.id,
    adoptedVersionId: sourceVersion.id,
  });
  const fixture: Fixture = {
    owner: {
      id: owner.id,
      email: owner.email,
      access: t.services.tokens.sign('access', owner.id).token,
      refresh: async () => {
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/user/jwt/create/',
          payload: { email: owner.email, password: PASSWORD },
        });
        return login.json().refresh;
      },
    },
    category: category.id,
    mergeChild: mergeChild.id,
    pictureCategory: pictureCategory.id,
    kidsCategory: kidsCategory.id,
    catalogCategory: catalogCategory.id,
    catalogPictureCategory: catalogPictureCategory.id,
    pendingCategory: pendingCategory.id,
    copy: copy.id,
    report: 0,
    textCard: (await buildCard(db, { categoryId: category.id, tag: 'animals' })).id,
    pictureCard: (await buildCard(db, { categoryId: pictureCategory.id, firstSide: ownPicture })).id,
    liveCategory: 0,
    liveGame: (await buildLiveGame(db, { hostId: owner.id })).id,
    kidsCard: (await buildCard(db, { categoryId: kidsCategory.id, firstSide: ownPicture, language: 'bg' }))
      .id,
    textTask: (await buildAiTask(db, { userId: owner.id })).id,
    cardImport: (await buildCardImport(db, { userId: owner.id, categoryId: category.id })).id,
    imagesTask: (await buildAiTask(db, { userId: owner.id, kind: 'images' })).id,
    stranger: (await buildUser(db)).id,
    friend: 0,
    friendship: 0,
    requestToOwner: 0,
    requestByOwner: 0,
    group: 0,
    offered: 0,
    block: (await buildBlock(db, owner.id, (await buildUser(db)).id)).id,
    school: school.id,
    secondPrincipal: secondPrincipal.id,
    student: student.id,
    schoolClass: 0,
    classTeacher: 0,
    guardianToken: t.services.tokens.mac('guardian:matrix'),
    emptySchool: 0,
    invitation: 0,
    secondInvitation: 0,
    studentEmail: student.email,
    path: 0,
    assignment: 0,
    assignmentPath: 0,
    textStudyPath: 0,
    pictureStudyPath: 0,
    textStudyRow: 0,
    pictureStudyRow: 0,
    test: 0,
    question: 0,
    exam: 0,
    examAssignment: 0,
    studyExam: 0,
    studyQuestion: 0,
    commission: 0,
    checkoutSession: '',
    notification: 0,
    unsubscribeToken: '',
  };
  fixture.emptySchool = (await buildSchool(db)).id;
  const liveCategory = await buildCategory(db, { userId: owner.id });
  for (let card = 0; card < 4; card++) await buildCard(db, { categoryId: liveCategory.id });
  fixture.liveCategory = liveCategory.id;
  const [schoolClass] = await db
    .insert(schoolClasses)
    .values({ schoolId: school.id, name: '9A', schoolYear: '2026/2027' })
    .returning();
  const classTeacher = await buildUser(db, {
    schoolId: school.id,
    isTeacher: true,
    isOrganizationMember: true,
  });
  await db
    .insert(classTeachers)
    .values({ classId: schoolClass!.id, teacherId: classTeacher.id, role: 'class_teacher' });
  await db.update(users).set({ schoolClassId: schoolClass!.id }).where(eq(users.id, student.id));
  fixture.schoolClass = schoolClass!.id;
  fixture.classTeacher = classTeacher.id;
  await db.insert(guardians).values({
    studentId: student.id,
    email: 'guardian@example.com',
    language: 'en',
    setBy: 'student',
    setById: student.id,
    linkKey: 'matrix',
    tokenHash: createHash('sha256').update(fixture.guardianToken).digest('hex'),
    createdAt: new Date(),
  });
  const [invitation, secondInvitation] = await db
    .insert(schoolInvitations)
    .values([
      { schoolId: fixture.emptySchool, userId: owner.id },
      { schoolId: (await buildSchool(db)).id, userId: owner.id },
    ])
    .returning();
  fixture.invitation = invitation!.id;
  fixture.secondInvitation = secondInvitation!.id;
  const pathRow = (createdById: number, assignedUserId: number, categoryId: number) => ({
    name: 'Path',
    createdById,
    assignedUserId,
    categoryId,
    startAt: '2000-01-01',
    endAt: '2999-12-31',
    dailyFlipTarget: 10,
    dailyLearnTarget: 2,
    deckSize: 10,
    learnedVolumeVerbal: 10,
    learnedVolumeTyping: 10,
    verbal: true,
    typing: true,
  });
  const theirText = await buildCategory(db, { userId: secondPrincipal.id });
  const theirPicture = await buildCategory(db, { userId: secondPrincipal.id, typeOfCards: 'picture' });
  const theirTextCard = await buildCard(db, { categoryId: theirText.id });
  const theirPictureCard = await buildCard(db, {
    categoryId: theirPicture.id,
    firstSide: await storedPicture(secondPrincipal.id),
  });
  const [taught, textStudy, pictureStudy] = await db
    .insert(learningPaths)
    .values([
      pathRow(owner.id, student.id, category.id),
      pathRow(secondPrincipal.id, owner.id, theirText.id),
      pathRow(secondPrincipal.id, owner.id, theirPicture.id),
    ])
    .returning();
  const [textRow, pictureRow] = await db
    .insert(learningPathCards)
    .values([
      { pathId: textStudy!.id, cardId: theirTextCard.id },
      { pathId: pictureStudy!.id, cardId: theirPictureCard.id },
    ])
    .returning();
  const { assignedUserId: _student, ...settings } = pathRow(owner.id, student.id, category.id);
  const [assignment] = await db
    .insert(pathAssignments)
    .values({ ...settings, schoolClassId: fixture.schoolClass })
    .returning();
  const [assignmentPath] = await db
    .insert(learningPaths)
    .values({ ...pathRow(owner.id, student.id, category.id), assignmentId: assignment!.id })
    .returning();
  Object.assign(fixture, {
    assignment: assignment!.id,
    assignmentPath: assignmentPath!.id,
    path: taught!.id,
    textStudyPath: textStudy!.id,
    pictureStudyPath: pictureStudy!.id,
    textStudyRow: textRow!.id,
    pictureStudyRow: pictureRow!.id,
  });

  const thresholds = { excellentScore: 4, veryGoodScore: 3, goodScore: 2, satisfyScore: 1 };
  const [ownTest, theirTest] = await db
    .insert(schoolTests)
    .values([
      { name: 'Rivers', createdById: owner.id, ...thresholds },
      { name: 'Lakes', createdById: secondPrincipal.id, ...thresholds },
    ])
    .returning();
  const question = (testId: number) => ({
    testId,
    position: 1,
    questionText: 'Longest?',
    answerA: 'Nile',
    answerB: 'Danube',
    correctAnswer: 'a',
    scoreValue: 4,
  });
  const [ownQuestion, theirQuestion] = await db
    .insert(testQuestions)
    .values([question(ownTest!.id), question(theirTest!.id)])
    .returning();
  const window = { startAt: new Date('2000-01-01T00:00:00Z'), endAt: new Date('2999-12-31T00:00:00Z') };
  const [given, taken] = await db
    .insert(exams)
    .values([
      { testId: ownTest!.id, studentId: student.id, teacherId: owner.id, ...window },
      {
        testId: theirTest!.id,
        studentId: owner.id,
        teacherId: secondPrincipal.id,
        ...window,
        startedAt: new Date('2000-01-01T00:00:00Z'),
      },
    ])
    .returning();
  await db
    .insert(examAnswers)
    .values({ examId: taken!.id, questionId: theirQuestion!.id, studentAnswer: 'a' });
  const [examAssignment] = await db
    .insert(examAssignments)
    .values({
      createdById: owner.id,
      schoolClassId: fixture.schoolClass,
      testId: ownTest!.id,
      ...window,
      shuffleQuestions: false,
      showResultsAfterEnd: false,
      leaveCompletes: false,
    })
    .returning();
  await db.insert(exams).values({
    testId: ownTest!.id,
    studentId: student.id,
    teacherId: owner.id,
    ...window,
    assignmentId: examAssignment!.id,
  });
  fixture.examAssignment = examAssignment!.id;
  const [notice] = await db
    .insert(notifications)
    .values({
      recipientId: owner.id,
      kind: 'path_assigned',
      values: { from: 'Second Principal', name: 'Path', path: textStudy!.id },
      createdAt: new Date(),
    })
    .returning();
  fixture.notification = notice!.id;
  fixture.unsubscribeToken = `${owner.id}.receive_invitations_for_contest.${t.services.tokens.mac(`unsubscribe:${owner.id}:receive_invitations_for_contest`)}`;
  Object.assign(fixture, {
    test: ownTest!.id,
    question: ownQuestion!.id,
    exam: given!.id,
    studyExam: taken!.id,
    studyQuestion: theirQuestion!.id,
  });
  const [payment] = await db
    .insert(payments)
    .values({
      userId: student.id,
      plan: 'annual',
      amount: 75000,
      currency: 'bgn',
      providerInvoiceId: `in_matrix_${student.id}`,
      periodEnd: new Date('2999-12-31T00:00:00Z'),
    })
    .returning();
  const [commission] = await db
    .insert(affiliateCommissions)
    .values({ affiliateUserId: owner.id, referredUserId: student.id, paymentId: payment!.id, amount: 15000 })
    .returning();
  fixture.commission = commission!.id;
  fixture.checkoutSession = `cs_matrix_${owner.id}`;
  await db
    .insert(checkoutSessions)
    .values({ providerSessionId: fixture.checkoutSession, userId: owner.id, plan: 'monthly' });

  const friend = await buildUser(db);
  fixture.friend = friend.id;
  fixture.friendship = (await buildFriendship(db, owner.id, friend.id)).id;
  const [toOwner, byOwner] = await db
    .insert(friendRequests)
    .values([
      { fromUserId: (await buildUser(db)).id, toUserId: owner.id },
      { fromUserId: owner.id, toUserId: (await buildUser(db)).id },
    ])
    .returning();
  fixture.requestToOwner = toOwner!.id;
  const [group] = await db.insert(userGroups).values({ authorId: owner.id, name: 'Friends' }).returning();
  await db.insert(userGroupMembers).values({ groupId: group!.id, userId: friend.id });
  fixture.group = group!.id;
  const sender = await buildUser(db);
  const offered = await buildCategory(db, { userId: sender.id });
  await buildCard(db, { categoryId: offered.id });
  await db
    .insert(privateOffers)
    .values({ categoryId: offered.id, senderId: sender.id, receiverId: owner.id });
  fixture.offered = offered.id;
  fixture.requestByOwner = byOwner!.id;
  await buildCard(db, { categoryId: catalogCategory.id });
  await buildCard(db, { categoryId: catalogPictureCategory.id, firstSide: await storedPicture(owner.id) });
  await buildCatalogVersion(db, catalogCategory.id);
  await buildCatalogVersion(db, catalogPictureCategory.id);
  const [report] = await db
    .insert(marketReports)
    .values({
      categoryId: catalogCategory.id,
      userId: (await buildUser(db)).id,
      reason: 'Spam',
      createdAt: new Date(),
    })
    .returning();
  fixture.report = report!.id;
  const tokens: Record<Actor, string | null> = {
    guest: null,
    other: t.services.tokens.sign('access', other.id).token,
    owner: fixture.owner.access,
    staff: t.services.tokens.sign('access', staff.id).token,
  };
  return { fixture, tokens };
};

const cardFile = Buffer.from('dog%куче&animals\ncat%котка&animals\n');

/** Sends a request to a route, signed in with an access token or as a guest, from an address. */
const inject = async (
  route: RouteDefinition,
  request: Request,
  token: string | null,
  remoteAddress = '127.0.0.1',
) => {
  const headers: Record<string, string> = token ? { authorization: `JWT ${token}` } : {};
  let payload: string | Buffer | undefined;
  if (request.form) {
    const files = Object.fromEntries(
      Object.keys(request.form.files ?? {}).map((field) => [
        field,
        { name: 'a.png', type: 'image/png', data: picture },
      ]),
    );
    if (request.textFile) files.file = { name: 'cards.txt', type: 'text/plain', data: cardFile };
    if (request.apkgFile) {
      const card = { first: '', second: 'a dog', tag: '' };
      const deck = await toApkg(
        'Dogs',
        [{ ...card, picture: { url: '', extension: 'png', bytes: async () => picture } }],
        new Date(),
      );
      files.file = { name: 'dogs.apkg', type: 'application/octet-stream', data: deck };
    }
    if (request.studentsFile)
      files.file = {
        name: 'students.csv',
        type: 'text/csv',
        data: Buffer.from(request.studentsCsv ?? `pupil${++uniqueEmail}@example.com,Ana,Petrova\n`),
      };
    if (request.oneRoster) {
      const pupil = `pupil${++uniqueEmail}@example.com`;
      const roster = {
        orgs: 'sourcedId,status,name,type\norg1,,School,school\n',
        classes: 'sourcedId,status,title,schoolSourcedId\nc1,,9R,org1\n',
        users: `sourcedId,status,role,givenName,familyName,email\nu1,,student,Ana,Petrova,${pupil}\n`,
        enrollments: 'sourcedId,status,classSourcedId,userSourcedId,role\ne1,,c1,u1,student\n',
      };
      for (const [name, text] of Object.entries(roster))
        files[name] = { name: `${name}.csv`, type: 'text/csv', data: Buffer.from(text) };
    }
    const body = await formData(request.form.fields, files);
    Object.assign(headers, body.headers);
    payload = body.payload;
  } else if (request.json) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.json);
  }
  const query = request.query
    ? `?${new URLSearchParams(Object.entries(request.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  return t.app.inject({
    method: route.method,
    url: `${pathOf(route, request.params)}${query}`,
    headers,
    payload,
    remoteAddress,
  });
};

describe('the access matrix', () => {
  // One fixture for every cell (building one costs time): each cell starts from the same rows and files,
  // since whatever a cell changed, the undo log reverts, and the fixture's pictures are stored again.
  let shared: Awaited<ReturnType<typeof newFixture>>;
  let changes: UndoLog;
  beforeAll(async () => {
    shared = await newFixture();
    changes = await recordChanges(t.database.db);
  });
  afterAll(() => changes.remove());
  const reset = async () => {
    await changes.undo();
    for (const key of storedPictures) await t.services.storage.put(key, picture, 'image/png');
  };
  const send = async (name: string, row: Row, actor: Actor) => {
    try {
      const request = (await row.request?.(shared.fixture)) ?? {};
      return await inject(apiRoutes[name]!, request, shared.tokens[actor]);
    } finally {
      await reset();
    }
  };

  it('has a row for every route of the contract', () => {
    const missing = Object.keys(apiRoutes).filter((name) => !(name in matrix));
    const stale = Object.keys(matrix).filter((name) => !(name in apiRoutes));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(Object.entries(matrix).filter(([name]) => name in apiRoutes))(
    '%s answers each caller as its row says',
    async (name, row) => {
      const answers: Partial<Statuses> = {};
      const bodies: string[] = [];
      for (const actor of ['guest', 'other', 'owner', 'staff'] as const) {
        const response = await send(name, row, actor);
        answers[actor] = response.statusCode;
        if (response.statusCode !== row.expect[actor])
          bodies.push(`${actor}: ${response.body.slice(0, 200)}`);
      }
      expect({ answers, bodies }).toEqual({ answers: row.expect, bodies: [] });
    },
  );

  // The live game's socket is no contract route: its host message is the game's row here, by the same callers,
  // and a player of the game (who holds a player's token, not an account's) cannot act as its host.
  it('lets only the host run a live game on its socket', async () => {
    const [game] = await t.database.db
      .select()
      .from(liveGames)
      .where(eq(liveGames.id, shared.fixture.liveGame));
    if (!game) throw new Error('no live game in the fixture');
    const answers: Record<string, string> = {};
    for (const actor of ['guest', 'other', 'owner', 'staff'] as const) {
      const socket = await openLiveSocket(t.app);
      socket.send({ type: 'host', game: game.id, access: shared.tokens[actor] ?? 'none' });
      const message = await socket.next();
      answers[actor] = message.type === 'error' ? message.key : message.type;
      socket.close();
    }
    expect(answers).toEqual({
      guest: 'not_authenticated',
      other: 'not_found',
      owner: 'state',
      staff: 'not_found',
    });

    const player = await openLiveSocket(t.app);
    player.send({ type: 'join', code: game.code, nickname: 'Player' });
    await player.player();
    const refused: string[] = [];
    for (const message of [
      { type: 'start' },
      { type: 'next' },
      { type: 'end' },
      { type: 'host', game: game.id, access: 'x' },
    ]) {
      player.send(message);
      refused.push((await player.error()).key);
    }
    player.close();
    await reset();
    expect(refused).toEqual(['live_message', 'live_message', 'live_message', 'live_message']);
  });
});

/**
 * Who reaches whom: every route that names a person, by any key (an id, an e-mail, a referral code, a
 * search that matches a whole e-mail, an owner field the server ignores), called by each of these callers
 * on a target. A case is reached when the answer shows something of the target (their name, e-mail or
 * the `Secret<id>-` names of their categories, tests, paths and groups) or the call acted on them (`reached`
 * of the row); any other case must answer its status and show nothing of the target.
 */
type Who =
  | 'principal'
  | 'principal2'
  | 'teacher'
  | 'teacher2'
  | 'student'
  | 'student2'
  | 'staffStudent'
  | 'otherSchoolTeacher'
  | 'other'
  | 'staff'
  | 'friend';

const reachCases = {
  guest: ['guest', 'student'],
  other: ['other', 'student'],
  self: ['student', 'student'],
  staff: ['staff', 'student'],
  teacherOnStudent: ['teacher', 'student'],
  principalOnStudent: ['principal', 'student'],
  teacherOnPrincipal: ['teacher', 'principal'],
  teacherOnTeacher: ['teacher', 'teacher2'],
  principalOnTeacher: ['principal', 'teacher'],
  principalOnPrincipal: ['principal', 'principal2'],
  studentOnStudent: ['student', 'student2'],
  otherSchool: ['otherSchoolTeacher', 'student'],
  /** A staff member who is a student of the school. */
  teacherOnStaff: ['teacher', 'staffStudent'],
  /** A friend of the teacher, of no school. */
  teacherOnFriend: ['teacher', 'friend'],
} as const satisfies Record<string, readonly ['guest' | Who, Who]>;
type ReachCase = keyof typeof reachCases;
/** 'reached', or the status of a call that reaches nothing of the target. */
type Outcome = 'reached' | number;

type Someone = {
  id: number;
  email: string;
  firstName: string;
  token: string;
  category: number;
  test: number;
  group: number;
  /** A category a third user offered them. */
  offered: number;
  affiliateCode: string;
};
type People = Record<Who, Someone> & { school: number; catalogCategory: number };
type ReachContext = { people: People; caller: Someone | null; target: Someone };
type ReachRow = {
  request: (c: ReachContext) => Request | Promise<Request>;
  /** The call acted on the target (beside showing something of them). */
  reached?: (c: ReachContext, response: { statusCode: number; body: string }) => Promise<boolean> | boolean;
  expect: Record<ReachCase, Outcome>;
};

const caseNames = Object.keys(reachCases) as ReachCase[];
/** Reached in the named cases; a guest gets 401; every other case answers `otherwise`. */
const reachedIn = (
  reached: readonly ReachCase[],
  otherwise: number,
  overrides: Partial<Record<ReachCase, Outcome>> = {},
): Record<ReachCase, Outcome> =>
  Object.fromEntries(
    caseNames.map((name) => [
      name,
      overrides[name] ?? (reached.includes(name) ? 'reached' : name === 'guest' ? 401 : otherwise),
    ]),
  ) as Record<ReachCase, Outcome>;
/** A teacher or principal reaches the students of their school, anyone their friends (`reachedBy`). */
const reach = (otherwise: number) =>
  reachedIn(['teacherOnStudent', 'principalOnStudent', 'teacherOnFriend'], otherwise);
/** Only one's own: a person key the server ignores in favour of the caller. */
const own = (status: number) => reachedIn(['self'], status);
/** Anyone signed in may name anyone they can find (a request, a block, a group, an offer). */
const anyoneButSelf = (selfStatus: number, overrides: Partial<Record<ReachCase, Outcome>> = {}) =>
  reachedIn(
    caseNames.filter((name) => name !== 'guest' && name !== 'self'),
    0,
    { self: selfStatus, ...overrides },
  );
/** A public flow: every caller gets the same answer about anyone. */
const alike = (status: number) => reachedIn([], status, { guest: status });
/** A school's management: its principal, on its students and teachers; other principals stay. */
const principalOfSchool = (status: number) => reachedIn(['principalOnStudent', 'principalOnTeacher'], status);

/** A new class of the school (the undo log removes it after the case). */
const classOf = async (schoolId: number) =>
  (
    await t.database.db
      .insert(schoolClasses)
      .values({ schoolId, name: `R${++uniqueEmail}`, schoolYear: '2026/2027' })
      .returning()
  )[0]!;

/** A class of the school with the target in it and the school's teacher as its class teacher. */
const classWithTarget = async (c: ReachContext) => {
  const schoolClass = await classOf(c.people.school);
  await t.database.db.update(users).set({ schoolClassId: schoolClass.id }).where(eq(users.id, c.target.id));
  await t.database.db
    .insert(classTeachers)
    .values({ classId: schoolClass.id, teacherId: c.people.teacher.id, role: 'class_teacher' });
  return { params: { id: schoolClass.id } };
};
/**
 * The class's students (the school's students in it, a staff member who is one too) reach its teacher
 * and the principal; anyone else of the school is not in its list (200 without them); outsiders get 404.
 */
const gradebookReach = reachedIn(['teacherOnStudent', 'principalOnStudent', 'teacherOnStaff'], 404, {
  teacherOnPrincipal: 200,
  teacherOnTeacher: 200,
  principalOnTeacher: 200,
  principalOnPrincipal: 200,
  teacherOnFriend: 200,
});

/** A principal's view of a teacher of their school; anyone who is not a principal is restricted. */
const overseen = reachedIn(['principalOnTeacher'], 403, {
  principalOnStudent: 404,
  principalOnPrincipal: 404,
});

const exists = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows.length > 0;
const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000);
/** The caller's own object; a guest names the target's (and gets 401 before anything is read). */
const callers = (c: ReachContext) => c.caller ?? c.target;

const reachMatrix: Record<string, ReachRow> = {
  // A digest's unsubscribe link names its person and is signed for them: a link signed for someone else
  // (the caller's own signature on the target's id) names nobody.
  unsubscribe: {
    request: (c) => ({
      params: {
        token: `${c.target.id}.receive_invitations_for_contest.${t.services.tokens.mac(`unsubscribe:${callers(c).id}:receive_invitations_for_contest`)}`,
      },
      json: {},
    }),
    reached: async (c) =>
      !(await exists(sql`select 1 from users where id = ${c.target.id} and receive_invitations_for_contest`)),
    expect: reachedIn(['self'], 404, { guest: 'reached' }),
  },
  // Public flows name an account by e-mail, id or referral code and answer alike whoever it is.
  register: {
    request: (c) => ({
      json: {
        first_name: 'Ana',
        last_name: 'Petrova',
        email: `new${++uniqueEmail}@example.com`,
        password: newPassword,
        re_password: newPassword,
        accepted_terms: true,
        ref_code: c.target.affiliateCode,
      },
    }),
    expect: alike(201),
  },
  activate: {
    request: (c) => ({ json: { uid: Buffer.from(String(c.target.id)).toString('base64url'), token: 'any' } }),
    expect: alike(403),
  },
  resendActivation: { request: (c) => ({ json: { email: c.target.email } }), expect: alike(204) },
  tokenCreate: {
    request: (c) => ({ json: { email: c.target.email, password: 'not-the-password' } }),
    expect: alike(401),
  },
  resetPassword: { request: (c) => ({ json: { email: c.target.email } }), expect: alike(204) },
  resetPasswordConfirm: {
    request: (c) => ({
      json: {
        uid: Buffer.from(String(c.target.id)).toString('base64url'),
        token: 'not-a-token',
        new_password: newPassword,
        re_new_password: newPassword,
      },
    }),
    expect: alike(400),
  },
  // Another account's e-mail is refused as taken, whoever's it is; a link names its account by uid.
  setEmail: {
    request: (c) => ({ json: { current_password: PASSWORD, new_email: c.target.email } }),
    expect: reachedIn([], 400),
  },
  setEmailConfirm: {
    request: (c) => ({ json: { uid: Buffer.from(String(c.target.id)).toString('base64url'), token: 'any' } }),
    expect: alike(400),
  },

  // Lists and writes that take a person key for compatibility: always the caller's own.
  categories: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  kidsCategories: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  allCategories: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  allKidsCategories: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  createCategory: {
    request: (c) => ({ json: { name: 'Named', type_of_cards: 'text', user: c.target.id } }),
    reached: (c) => exists(sql`select 1 from categories where user_id = ${c.target.id} and name = 'Named'`),
    expect: own(201),
  },
  updateCategory: {
    request: (c) => ({
      params: { id: callers(c).category },
      json: { name: 'Renamed', type_of_cards: 'text', user: c.target.id },
    }),
    reached: (c) => exists(sql`select 1 from categories where user_id = ${c.target.id} and name = 'Renamed'`),
    expect: own(200),
  },
  publish: {
    request: (c) => ({
      params: { id: callers(c).category },
      json: {
        name: 'Published',
        description: 'Common animals',
        language: 'en',
        topic: 'languages',
        user: c.target.id,
        created_by: c.target.id,
      },
    }),
    reached: (c) =>
      exists(sql`select 1 from categories where user_id = ${c.target.id} and name = 'Published'`),
    expect: own(200),
  },
  adopt: {
    request: (c) => ({ json: { category_id: c.people.catalogCategory, user_id: c.target.id } }),
    reached: (c) =>
      exists(
        sql`select 1 from categories where user_id = ${c.target.id} and adopted_from_id = ${c.people.catalogCategory}`,
      ),
    expect: own(201),
  },
  userGroups: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  createUserGroup: {
    request: (c) => ({ json: { name: 'Named', author: c.target.id } }),
    reached: (c) =>
      exists(sql`select 1 from user_groups where author_id = ${c.target.id} and name = 'Named'`),
    expect: own(201),
  },
  renameUserGroup: {
    request: (c) => ({ params: { id: callers(c).group }, json: { name: 'Renamed', author: c.target.id } }),
    reached: (c) =>
      exists(sql`select 1 from user_groups where author_id = ${c.target.id} and name = 'Renamed'`),
    expect: own(200),
  },
  inbox: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  // The offer is the target's: only they accept it, whatever `user_id` says.
  acceptOffer: {
    request: (c) => ({ json: { category_id: c.target.offered, user_id: c.target.id } }),
    expect: own(404),
  },
  teacherPaths: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  studentPaths: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  tests: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  testChoices: { request: (c) => ({ query: { created_by: c.target.id } }), expect: own(200) },
  teacherExams: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  // A principal lists the work of a teacher of their school; a student is nobody's teacher (404).
  overseenPaths: {
    request: (c) => ({ query: { teacher: c.target.id } }),
    reached: (_c, response) => response.statusCode === 200,
    expect: overseen,
  },
  overseenExams: {
    request: (c) => ({ query: { teacher: c.target.id } }),
    reached: (_c, response) => response.statusCode === 200,
    expect: overseen,
  },
  studentExams: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  // Only the caller's own exams: their own results name themselves, the analysis has nothing completed.
  examAnalysis: { request: (c) => ({ query: { user_id: c.target.id } }), expect: reachedIn([], 200) },
  examResults: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  exportExamResults: { request: (c) => ({ query: { user_id: c.target.id } }), expect: own(200) },
  // A copy goes to a teacher or principal of the caller's school (the caller teaching or leading it), or
  // to the caller; a student, a teacher of another school, staff and friends are not found.
  copyTest: {
    request: (c) => ({ params: { id: callers(c).test }, json: { colleague: c.target.id } }),
    reached: (c) =>
      exists(sql`select 1 from school_tests where created_by_id = ${c.target.id} and name like '% (copy)'`),
    expect: reachedIn(
      ['self', 'teacherOnPrincipal', 'teacherOnTeacher', 'principalOnTeacher', 'principalOnPrincipal'],
      404,
    ),
  },
  // Counts only: everyone gave one exam, so another count would be someone else's exams.
  examSummary: {
    request: (c) => ({ query: { user_id: c.target.id } }),
    reached: (_c, response) => response.statusCode === 200 && JSON.parse(response.body).count !== 1,
    expect: reachedIn([], 200),
  },

  // Friends: anyone may ask or block anyone they can find (not themselves: not found); a friend's
  // details are for their friends.
  sendFriendshipRequest: {
    request: (c) => ({ json: { to_user: c.target.id } }),
    reached: (c) =>
      exists(
        sql`select 1 from friend_requests where from_user_id = ${callers(c).id} and to_user_id = ${c.target.id}`,
      ),
    expect: anyoneButSelf(404, { teacherOnFriend: 409 }),
  },
  // `blocker` is ignored: the block is always the caller's.
  block: {
    request: (c) => ({ json: { blocked: c.target.id, blocker: c.target.id } }),
    reached: (c) =>
      exists(sql`select 1 from blocks where blocker_id = ${callers(c).id} and blocked_id = ${c.target.id}`),
    expect: anyoneButSelf(404),
  },
  friendDetails: {
    request: (c) => ({ params: { id: c.target.id } }),
    expect: reachedIn(['teacherOnFriend'], 404),
  },
  friendFriends: {
    request: (c) => ({ params: { id: c.target.id } }),
    reached: (_c, response) => response.statusCode === 200,
    expect: reachedIn(['teacherOnFriend'], 404),
  },
  friendActivity: {
    request: (c) => ({ params: { id: c.target.id } }),
    reached: (_c, response) => response.statusCode === 200,
    expect: reachedIn(['teacherOnFriend'], 404),
  },
  searchFriends: { request: (c) => ({ query: { search: c.target.email } }), expect: anyoneButSelf(200) },

  // User groups and private sending: anyone one can find may be put in one's group or sent a category
  // (the caller's own group shows in their own answer: the self case shows the target by construction).
  addGroupMembers: {
    request: (c) => ({
      params: { id: callers(c).group },
      json: { user_ids: [c.target.id], author: c.target.id },
    }),
    reached: (c) =>
      exists(
        sql`select 1 from user_group_members where group_id = ${callers(c).group} and user_id = ${c.target.id}`,
      ),
    expect: anyoneButSelf(0, { self: 'reached' }),
  },
  removeGroupMembers: {
    request: async (c) => {
      await t.database.db
        .insert(userGroupMembers)
        .values({ groupId: callers(c).group, userId: c.target.id })
        .onConflictDoNothing();
      return { params: { id: callers(c).group }, json: { user_ids: [c.target.id], author: c.target.id } };
    },
    reached: (_c, response) => response.statusCode === 200,
    expect: anyoneButSelf(0, { self: 'reached' }),
  },
  searchGroupCandidates: {
    request: (c) => ({ query: { users_group_id: callers(c).group, search: c.target.email } }),
    expect: anyoneButSelf(200),
  },
  sendCategory: {
    request: (c) => ({
      params: { id: callers(c).category },
      json: { receivers_ids: [c.target.id], user: c.target.id },
    }),
    reached: (c) =>
      exists(
        sql`select 1 from private_offers where sender_id = ${callers(c).id} and receiver_id = ${c.target.id}`,
      ),
    expect: anyoneButSelf(200),
  },
  searchReceivers: {
    request: (c) => ({ query: { category_id: callers(c).category, search: c.target.email } }),
    expect: anyoneButSelf(200),
  },

  // A school's management: its principals, on its members (teachers included: a principal may mark
  // another principal as teaching too, but not remove them); anyone else is restricted (403).
  schoolStudents: {
    request: (c) => ({ query: { search: c.target.email } }),
    expect: reachedIn(['principalOnStudent', 'principalOnTeacher', 'principalOnPrincipal'], 403),
  },
  // A principal names the people of their school (one already in it is a field error; the file lists
  // them as members); an account outside the school is the invitation's rule (docs/api.md "Roles and reach").
  registerStudent: {
    request: (c) => ({ json: { first_name: 'Ana', last_name: 'Petrova', email: c.target.email } }),
    reached: (_c, response) => response.statusCode === 201,
    expect: reachedIn([], 403, {
      principalOnStudent: 400,
      principalOnTeacher: 400,
      principalOnPrincipal: 400,
    }),
  },
  bulkCreateUsers: {
    request: (c) => ({
      form: { fields: {} },
      studentsFile: true,
      studentsCsv: `${c.target.email},Ana,Petrova\n`,
    }),
    expect: reachedIn(['principalOnStudent', 'principalOnTeacher', 'principalOnPrincipal'], 403),
  },
  updateSchoolStudent: {
    request: (c) => ({ params: { id: c.target.id }, json: { is_teacher: true } }),
    reached: (_c, response) => response.statusCode === 200,
    expect: reachedIn(['principalOnStudent', 'principalOnTeacher', 'principalOnPrincipal'], 403),
  },
  removeSchoolStudent: {
    request: (c) => ({ params: { id: c.target.id } }),
    reached: (_c, response) => response.statusCode === 204,
    expect: principalOfSchool(403),
  },
  // A principal sets the guardians of their school's students; teachers and principals have none (404).
  setStudentGuardian: {
    request: (c) => ({
      params: { id: c.target.id },
      json: { email: `guardian${++uniqueEmail}@example.com` },
    }),
    reached: (_c, response) => response.statusCode === 200,
    expect: reachedIn(['principalOnStudent'], 403, { principalOnTeacher: 404, principalOnPrincipal: 404 }),
  },
  removeStudentGuardian: {
    request: async (c) => {
      await t.database.db.insert(guardians).values({
        studentId: c.target.id,
        email: `guardian${++uniqueEmail}@example.com`,
        language: 'en',
        setBy: 'principal',
        linkKey: `reach${uniqueEmail}`,
        tokenHash: `reach${uniqueEmail}`,
        createdAt: new Date(),
      });
      return { params: { id: c.target.id } };
    },
    reached: (_c, response) => response.statusCode === 204,
    expect: reachedIn(['principalOnStudent'], 403, { principalOnTeacher: 404, principalOnPrincipal: 404 }),
  },
  // A guardian's address is only an address: a student may name anyone's as their guardian's (a
  // confirmation mail, limited, asks its owner); nobody else sets a student's own.
  setMyGuardian: {
    request: (c) => ({ json: { email: c.target.email } }),
    expect: reachedIn(['self', 'studentOnStudent'], 403),
  },
  // A principal puts students of their school in its classes and names its teachers in them; only
  // students have a class and only teachers teach one (400 for anyone else of the school).
  moveStudentToClass: {
    request: async (c) => ({
      params: { id: c.target.id },
      json: { class_id: (await classOf(c.people.school)).id },
    }),
    reached: (_c, response) => response.statusCode === 204,
    expect: reachedIn(['principalOnStudent'], 403, { principalOnTeacher: 400, principalOnPrincipal: 400 }),
  },
  assignClassTeacher: {
    request: async (c) => ({
      params: { id: (await classOf(c.people.school)).id, teacherId: c.target.id },
      json: { role: 'subject_teacher' },
    }),
    reached: (_c, response) => response.statusCode === 200,
    expect: reachedIn(['principalOnTeacher'], 403, { principalOnStudent: 400, principalOnPrincipal: 400 }),
  },
  removeClassTeacher: {
    request: async (c) => {
      const schoolClass = await classOf(c.people.school);
      await t.database.db
        .insert(classTeachers)
        .values({ classId: schoolClass.id, teacherId: c.target.id, role: 'subject_teacher' });
      return { params: { id: schoolClass.id, teacherId: c.target.id } };
    },
    reached: (_c, response) => response.statusCode === 204,
    expect: reachedIn(['principalOnStudent', 'principalOnTeacher', 'principalOnPrincipal'], 403),
  },
  // A class's gradebook shows its students to the school's principals and the class's teachers: the
  // target is put in a class of the school, which the teacher teaches (the other callers do not).
  gradebook: {
    request: (c) => classWithTarget(c),
    expect: gradebookReach,
  },
  exportGradebook: {
    request: (c) => classWithTarget(c),
    expect: gradebookReach,
  },
  // Staff name principals by e-mail and remove them (the student is not one: not found).
  addPrincipal: {
    request: (c) => ({ params: { id: c.people.school }, json: { email: c.target.email } }),
    reached: (_c, response) => response.statusCode === 201,
    expect: reachedIn(['staff'], 403),
  },
  removePrincipal: {
    request: (c) => ({ params: { id: c.people.school, userId: c.target.id } }),
    expect: reachedIn([], 403, { staff: 404 }),
  },
  // Staff pay out an affiliate's commissions (the student has none to pay).
  payAffiliate: {
    request: (c) => ({ params: { id: c.target.id } }),
    reached: (_c, response) => response.statusCode === 200,
    expect: reachedIn([], 403, { staff: 409 }),
  },

  // Learning paths, exams and reports follow reach (`reachedBy`).
  createPaths: {
    request: (c) => ({
      json: [
        {
          name: 'Path',
          assigned_user: c.target.id,
          category: callers(c).category,
          start_at: '2026-01-01',
          end_at: '2026-12-31',
          created_by_user: c.target.id,
        },
      ],
    }),
    reached: (_c, response) => response.statusCode === 201 && JSON.parse(response.body).created.length > 0,
    expect: reach(201),
  },
  pathStudentsSearch: { request: (c) => ({ query: { search: c.target.email } }), expect: reach(200) },
  createExams: {
    request: (c) => ({
      json: {
        school_test: callers(c).test,
        student: [c.target.id],
        teacher: c.target.id,
        start_at: day(1).toISOString(),
        end_at: day(2).toISOString(),
      },
    }),
    reached: (_c, response) => response.statusCode === 201 && JSON.parse(response.body).created.length > 0,
    expect: reach(201),
  },
  examStudentsSearch: { request: (c) => ({ query: { search: c.target.email } }), expect: reach(200) },
  reportStudents: { request: (c) => ({ query: { search: c.target.email } }), expect: reach(200) },
  reports: { request: (c) => ({ query: { userEmail: c.target.email } }), expect: reach(404) },
  reportCards: {
    request: (c) => ({ query: { userEmail: c.target.email, category_id: c.target.category } }),
    expect: reach(404),
  },
  reportExport: { request: (c) => ({ query: { userEmail: c.target.email } }), expect: reach(404) },
};

let uniquePerson = 0;
let uniqueAddress = 0;
/** The school's people, others around it, and what each of them has; access tokens signed for each. */
const newPeople = async (): Promise<People> => {
  const db = t.database.db;
  const [school, elsewhere] = await db
    .insert(schools)
    .values([{ name: `School ${++uniquePerson}` }, { name: `School ${++uniquePerson}` }])
    .returning();
  const member = { schoolId: school!.id, isOrganizationMember: true };
  const roles: Record<Who, Partial<typeof users.$inferInsert>> = {
    principal: { ...member, isOrganizationHost: true },
    principal2: { ...member, isOrganizationHost: true },
    teacher: { ...member, isTeacher: true },
    teacher2: { ...member, isTeacher: true },
    student: { ...member, isStudent: true },
    student2: { ...member, isStudent: true },
    staffStudent: { ...member, isStudent: true, isStaff: true },
    otherSchoolTeacher: { schoolId: elsewhere!.id, isOrganizationMember: true, isTeacher: true },
    other: {},
    staff: { isStaff: true },
    friend: {},
  };
  const names = Object.keys(roles) as Who[];
  const rows = await db
    .insert(users)
    .values(
      names.map((name) => {
        const n = ++uniquePerson;
        return {
          email: `person${n}@example.com`,
          firstName: `Person${n}`,
          lastName: 'Reach',
          isActive: true,
          passwordHash,
          // In a trial: every caller may use reports, so that reach alone decides.
          trialEndDate: day(30),
          ...roles[name],
        };
      }),
    )
    .returning();
  const sender = await buildUser(db);
  const secret = (id: number, what: string) => `Secret${id}-${what}`;
  const own = await db
    .insert(categories)
    .values(
      rows.flatMap((row) => [
        { userId: row.id, name: secret(row.id, 'category'), typeOfCards: 'text' as const },
        { userId: row.id, name: secret(row.id, 'kids'), typeOfCards: 'kids' as const },
        { userId: sender.id, name: secret(row.id, 'offered'), typeOfCards: 'text' as const },
      ]),
    )
    .returning();
  const text = own.filter((category) => category.name.endsWith('-category'));
  const offered = own.filter((category) => category.name.endsWith('-offered'));
  await db.insert(cards).values(
    own.map((category) => ({
      categoryId: category.id,
      firstSide: `${category.name}-card`,
      secondSide: 'answer',
      ...(category.typeOfCards === 'kids' ? { language: 'bg' } : {}),
    })),
  );
  const thresholds = { excellentScore: 4, veryGoodScore: 3, goodScore: 2, satisfyScore: 1 };
  const tests = await db
    .insert(schoolTests)
    .values(rows.map((row) => ({ name: secret(row.id, 'test'), createdById: row.id, ...thresholds })))
    .returning();
  await db.insert(testQuestions).values(
    tests.map((test) => ({
      testId: test.id,
      position: 1,
      questionText: `${test.name}-question`,
      answerA: 'Nile',
      answerB: 'Danube',
      correctAnswer: 'a',
      scoreValue: 4,
    })),
  );
  // Each person gave themselves a path and an exam, so that their lists have something to show.
  await db.insert(learningPaths).values(
    rows.map((row, index) => ({
      name: secret(row.id, 'path'),
      createdById: row.id,
      assignedUserId: row.id,
      categoryId: text[index]!.id,
      startAt: '2000-01-01',
      endAt: '2999-12-31',
      dailyFlipTarget: 10,
      dailyLearnTarget: 2,
      deckSize: 10,
      learnedVolumeVerbal: 10,
      learnedVolumeTyping: 10,
      verbal: true,
      typing: true,
    })),
  );
  await db.insert(exams).values(
    rows.map((row, index) => ({
      testId: tests[index]!.id,
      studentId: row.id,
      teacherId: row.id,
      startAt: day(-1),
      endAt: day(1),
    })),
  );
  const groups = await db
    .insert(userGroups)
    .values(rows.map((row) => ({ authorId: row.id, name: secret(row.id, 'group') })))
    .returning();
  await db
    .insert(privateOffers)
    .values(
      rows.map((row, index) => ({ categoryId: offered[index]!.id, senderId: sender.id, receiverId: row.id })),
    );
  await db.insert(affiliates).values(rows.map((row) => ({ userId: row.id, affiliateCode: `CODE${row.id}` })));
  const catalog = await buildCategory(db, { userId: sender.id });
  await buildCard(db, { categoryId: catalog.id });
  await buildCatalogVersion(db, catalog.id);
  const people = Object.fromEntries(
    names.map((name, index) => {
      const row = rows[index]!;
      const someone: Someone = {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        token: t.services.tokens.sign('access', row.id).token,
        category: text[index]!.id,
        test: tests[index]!.id,
        group: groups[index]!.id,
        offered: offered[index]!.id,
        affiliateCode: `CODE${row.id}`,
      };
      return [name, someone];
    }),
  ) as Record<Who, Someone>;
  await buildFriendship(db, people.teacher.id, people.friend.id);
  return { ...people, school: school!.id, catalogCategory: catalog.id };
};

/** The call shows something of the target: their name or e-mail, or one of their `Secret<id>-` names. */
const shows = (body: string, target: Someone) =>
  body.includes(`Secret${target.id}-`) ||
  body.includes(`"${target.firstName}"`) ||
  body.includes(`"${target.email}"`);

const sendAs = async (row: ReachRow, reachCase: ReachCase, people: People) => {
  const [callerName, targetName] = reachCases[reachCase];
  const caller = callerName === 'guest' ? null : people[callerName];
  const context: ReachContext = { people, caller, target: people[targetName] };
  const request = await row.request(context);
  return { context, request };
};

/**
 * The keys by which a route's input may name a person. Ids of other things (`category_id`, `test_id`)
 * are not; a `search` is, because the people searches match a whole e-mail.
 */
const personKeys = new Set([
  'email',
  'userEmail',
  'user_id',
  'userId',
  'user',
  'user_ids',
  'author',
  'to_user',
  'blocked',
  'blocker',
  'assigned_user',
  'created_by',
  'created_by_user',
  'colleague',
  'student',
  'teacher',
  'receivers_ids',
  'ref_code',
  'uid',
  'search',
]);
/** Routes that name a person where their schemas cannot say so: a path's id, a file of e-mails. */
const personRoutesUnseen = [
  'unsubscribe',
  'bulkCreateUsers',
  'friendDetails',
  'friendFriends',
  'friendActivity',
  'updateSchoolStudent',
  'removeSchoolStudent',
  'setStudentGuardian',
  'removeStudentGuardian',
  'moveStudentToClass',
  'assignClassTeacher',
  'removeClassTeacher',
  'payAffiliate',
];
/** A `search` that matches no person: reach is not involved. */
const searchesOfThings: Record<string, string> = {
  adminSchools: "schools' names",
};

/** The keys of an input schema, through arrays, optionals, pipes and unions. */
const keysOf = (schema: unknown): string[] => {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  if (schema instanceof z.ZodArray) return keysOf(def.element);
  if (Array.isArray(def.options)) return (def.options as unknown[]).flatMap(keysOf);
  return [def.in, def.innerType, def.schema, def.left, def.right].flatMap(keysOf);
};

const namesAPerson = (name: string) => {
  const route = apiRoutes[name]!;
  const keys = [route.params, route.query, route.body]
    .flatMap(keysOf)
    .filter((key) => personKeys.has(key) && !(key === 'search' && name in searchesOfThings));
  return keys.length > 0 || personRoutesUnseen.includes(name);
};

describe('who reaches whom', () => {
  // One set of people for every case (a fixture costs time): each case starts from the same rows, since
  // whatever a case changed, the undo log reverts before the next.
  let people: People;
  let changes: UndoLog;
  beforeAll(async () => {
    people = await newPeople();
    changes = await recordChanges(t.database.db);
  });
  afterAll(() => changes.remove());

  it('has rows for every route that names a person, by any key', () => {
    const missing = Object.keys(apiRoutes).filter((name) => namesAPerson(name) && !(name in reachMatrix));
    const stale = Object.keys(reachMatrix).filter((name) => !(name in apiRoutes));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(Object.entries(reachMatrix).filter(([name]) => name in apiRoutes))(
    '%s reaches the people its row says, and shows nothing of the others',
    async (name, row) => {
      const route = apiRoutes[name]!;
      const answers: Partial<Record<ReachCase, Outcome>> = {};
      const bodies: string[] = [];
      try {
        for (const reachCase of caseNames) {
          const { context, request } = await sendAs(row, reachCase, people);
          // Each call from an address of its own: the limits per address are not what this walks.
          const address = `10.0.${Math.floor(++uniqueAddress / 250)}.${(uniqueAddress % 250) + 1}`;
          const response = await inject(route, request, context.caller?.token ?? null, address);
          const reached =
            shows(response.body, context.target) || ((await row.reached?.(context, response)) ?? false);
          answers[reachCase] = reached ? 'reached' : response.statusCode;
          if (answers[reachCase] !== row.expect[reachCase])
            bodies.push(`${reachCase}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          await changes.undo();
        }
      } finally {
        // A case that failed half-way leaves nothing for the next row either.
        await changes.undo();
      }
      expect({ answers, bodies }).toEqual({ answers: row.expect, bodies: [] });
    },
  );
});
