import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/pages/home-page';
import type { LegalDocumentName } from '../features/legal/legal-document';
import { type PageName, paths } from '../lib/paths';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';
import { RouteLoader } from './route-loader';

/**
 * A page of the spec: its element, or a loader of its module (each page's code is fetched when the page
 * is first opened).
 */
type Page = { name: PageName; focus?: boolean } & (
  | { element: ReactNode; load?: never }
  | { load: () => Promise<ReactNode>; element?: never }
);

const legal = (document: LegalDocumentName) =>
  import('../features/legal/pages/legal-page').then((m) => <m.LegalPage document={document} />);
const publicPractice = (kind: 'text' | 'picture') =>
  import('../features/practice/pages/public-practice-page').then((m) => <m.PublicPracticePage kind={kind} />);
const practice = (kind: 'text' | 'picture') =>
  import('../features/practice/pages/practice-page').then((m) => <m.PracticePage kind={kind} />);
const cards = (list: 'decks' | 'kids') =>
  import('../features/cards/pages/cards-page').then((m) => <m.CardsPage list={list} />);
const categories = (list: 'decks' | 'kids') =>
  import('../features/categories/pages/categories-page').then((m) => <m.CategoriesPage list={list} />);

const catalog = (access: 'public' | 'user') =>
  import('../features/market/pages/catalog-page').then((m) => <m.CatalogPage access={access} />);
const catalogCategory = (access: 'public' | 'user') =>
  import('../features/market/pages/catalog-category-page').then((m) => (
    <m.CatalogCategoryPage access={access} />
  ));

const school = (
  page: 'mySchool' | 'schoolsList' | 'adminSchools' | 'schoolClass' | 'myClasses' | 'teachersWork',
) => import('../features/school/school-pages').then((m) => m.schoolPages[page]());

const learningPath = (
  page:
    | 'learningPaths'
    | 'myLearningPaths'
    | 'learningPathProgress'
    | 'learningPathAssignment'
    | 'learningPathCardsText'
    | 'learningPathCardsPicture',
) => import('../features/learning-paths/path-pages').then((m) => m.pathPages[page]());

const exam = (page: 'studentsSchoolExams' | 'schoolExamStarted' | 'schoolExam') =>
  import('../features/exams/exam-pages').then((m) => m.examPages[page]());
const schoolTest = (
  page:
    | 'schoolTests'
    | 'schoolTestCreate'
    | 'schoolTestEdit'
    | 'schoolExams'
    | 'schoolExamLive'
    | 'examAssignment'
    | 'schoolExamsPrint'
    | 'schoolTestPrint',
) => import('../features/school-tests/test-pages').then((m) => m.testPages[page]());

const subscription = (
  page:
    | 'pricing'
    | 'subscriptions'
    | 'subscriptionsSuccess'
    | 'subscriptionsFailed'
    | 'affiliates'
    | 'adminPayouts',
) => import('../features/subscriptions/subscription-pages').then((m) => m.subscriptionPages[page]());

const live = (page: 'liveGames' | 'liveHost' | 'liveResults' | 'play') =>
  import('../features/live/live-pages').then((m) => m.livePages[page]());

const guardianLink = (action: 'confirm' | 'unsubscribe') =>
  import('../features/guardians/pages/guardian-link-page').then((m) => (
    <m.GuardianLinkPage action={action} />
  ));

const publicPages: Page[] = [
  // Most visits start here: the home page comes with the app itself rather than after it.
  { name: 'home', element: <HomePage /> },
  { name: 'login', load: () => import('../features/auth/pages/login-page').then((m) => <m.LoginPage />) },
  {
    name: 'loginGoogle',
    load: () => import('../features/auth/pages/google-callback-page').then((m) => <m.GoogleCallbackPage />),
  },
  { name: 'signup', load: () => import('../features/auth/pages/signup-page').then((m) => <m.SignupPage />) },
  {
    name: 'successRegister',
    load: () => import('../features/auth/pages/success-register-page').then((m) => <m.SuccessRegisterPage />),
  },
  {
    name: 'resetPassword',
    load: () => import('../features/auth/pages/reset-password-page').then((m) => <m.ResetPasswordPage />),
  },
  {
    name: 'resetPasswordConfirm',
    load: () =>
      import('../features/auth/pages/reset-password-confirm-page').then((m) => (
        <m.ResetPasswordConfirmPage />
      )),
  },
  {
    name: 'activation',
    load: () => import('../features/auth/pages/activation-page').then((m) => <m.ActivationPage />),
  },
  {
    name: 'emailConfirm',
    load: () => import('../features/profile/pages/email-confirm-page').then((m) => <m.EmailConfirmPage />),
  },
  { name: 'guardianConfirm', load: () => guardianLink('confirm') },
  { name: 'guardianUnsubscribe', load: () => guardianLink('unsubscribe') },
  { name: 'termsOfUsage', load: () => legal('terms') },
  { name: 'privacyPolicy', load: () => legal('privacy') },
  { name: 'cookiesPolicy', load: () => legal('cookies') },
  { name: 'affiliatesRules', load: () => legal('affiliates') },
  {
    name: 'demoVideos',
    load: () => import('../features/videos/pages/demo-videos-page').then((m) => <m.DemoVideosPage />),
  },
  { name: 'marketPublic', load: () => catalog('public') },
  { name: 'marketPublicCategory', load: () => catalogCategory('public') },
  {
    name: 'schoolsList',
    load: () => school('schoolsList'),
  },
  {
    name: 'teachers',
    load: () => import('../features/teachers/pages/teachers-page').then((m) => <m.TeachersPage />),
  },
  { name: 'flashCardsTextPublic', load: () => publicPractice('text') },
  { name: 'flashCardsPicturesPublic', load: () => publicPractice('picture') },
  { name: 'pricing', load: () => subscription('pricing') },
  {
    name: 'unsubscribe',
    load: () => import('../features/notifications/pages/unsubscribe-page').then((m) => <m.UnsubscribePage />),
  },
  // Players join from their phones, with or without an account.
  { name: 'play', load: () => live('play'), focus: true },
  // Signing out needs no token check, and must work when the check would fail.
  { name: 'logout', load: () => import('../features/auth/pages/logout-page').then((m) => <m.LogoutPage />) },
];

const signedInPages: Page[] = [
  {
    name: 'myHome',
    load: () => import('../features/home/pages/my-home-page').then((m) => <m.MyHomePage />),
  },
  { name: 'subscriptions', load: () => subscription('subscriptions') },
  { name: 'subscriptionsSuccess', load: () => subscription('subscriptionsSuccess') },
  { name: 'subscriptionsFailed', load: () => subscription('subscriptionsFailed') },
  { name: 'affiliates', load: () => subscription('affiliates') },
  {
    name: 'choosePassword',
    load: () => import('../features/auth/first-login-page').then((m) => m.choosePasswordPage()),
  },
  {
    name: 'mySchool',
    load: () => school('mySchool'),
  },
  { name: 'schoolClass', load: () => school('schoolClass') },
  { name: 'myClasses', load: () => school('myClasses') },
  { name: 'teachersWork', load: () => school('teachersWork') },
  {
    name: 'profile',
    load: () => import('../features/profile/pages/profile-page').then((m) => <m.ProfilePage />),
  },
  { name: 'myCards', load: () => cards('decks') },
  { name: 'myKidsCards', load: () => cards('kids') },
  { name: 'myCategories', load: () => categories('decks') },
  { name: 'learningPaths', load: () => learningPath('learningPaths') },
  { name: 'myLearningPaths', load: () => learningPath('myLearningPaths') },
  { name: 'learningPathProgress', load: () => learningPath('learningPathProgress') },
  { name: 'learningPathAssignment', load: () => learningPath('learningPathAssignment') },
  { name: 'market', load: () => catalog('user') },
  { name: 'marketCategory', load: () => catalogCategory('user') },
  {
    name: 'userGroups',
    load: () => import('../features/social/pages/user-groups-page').then((m) => <m.UserGroupsPage />),
  },
  {
    name: 'notifications',
    load: () =>
      import('../features/notifications/pages/notifications-page').then((m) => <m.NotificationsPage />),
  },
  {
    name: 'sendToMeCategories',
    load: () => import('../features/social/pages/inbox-page').then((m) => <m.InboxPage />),
  },
  { name: 'flashCardsText', load: () => practice('text') },
  { name: 'flashCardsPicture', load: () => practice('picture') },
  {
    name: 'flashCardsKids',
    load: () => import('../features/practice/pages/kids-practice-page').then((m) => <m.KidsPracticePage />),
  },
  {
    name: 'review',
    load: () => import('../features/review/pages/review-page').then((m) => <m.ReviewPage />),
  },
  { name: 'learningPathCardsText', load: () => learningPath('learningPathCardsText') },
  { name: 'learningPathCardsPicture', load: () => learningPath('learningPathCardsPicture') },
  {
    name: 'demoVideosPrivate',
    load: () => import('../features/videos/pages/demo-videos-page').then((m) => <m.DemoVideosPage />),
  },
  {
    name: 'reports',
    load: () => import('../features/reports/pages/reports-page').then((m) => <m.ReportsPage />),
  },
  {
    name: 'aiCards',
    load: () => import('../features/ai/pages/ai-cards-page').then((m) => <m.AiCardsPage />),
  },
  {
    name: 'aiCardsPreview',
    load: () => import('../features/ai/pages/ai-cards-preview-page').then((m) => <m.AiCardsPreviewPage />),
  },
  { name: 'kids', load: () => categories('kids') },
  {
    name: 'friends',
    load: () => import('../features/social/pages/friends-page').then((m) => <m.FriendsPage />),
  },
  {
    name: 'friend',
    load: () => import('../features/social/pages/friend-page').then((m) => <m.FriendPage />),
  },
  { name: 'schoolTestCreate', load: () => schoolTest('schoolTestCreate') },
  { name: 'schoolTestEdit', load: () => schoolTest('schoolTestEdit') },
  { name: 'schoolTests', load: () => schoolTest('schoolTests') },
  { name: 'schoolExams', load: () => schoolTest('schoolExams') },
  { name: 'schoolExamLive', load: () => schoolTest('schoolExamLive') },
  { name: 'examAssignment', load: () => schoolTest('examAssignment') },
  { name: 'schoolExamsPrint', load: () => schoolTest('schoolExamsPrint') },
  { name: 'schoolTestPrint', load: () => schoolTest('schoolTestPrint') },
  { name: 'studentsSchoolExams', load: () => exam('studentsSchoolExams') },
  { name: 'schoolExamStarted', load: () => exam('schoolExamStarted'), focus: true },
  { name: 'schoolExam', load: () => exam('schoolExam') },
  { name: 'liveGames', load: () => live('liveGames') },
  { name: 'liveHost', load: () => live('liveHost'), focus: true },
  { name: 'liveResults', load: () => live('liveResults') },
];

const staffPages: Page[] = [
  { name: 'admin', load: () => import('../features/admin/pages/admin-page').then((m) => <m.AdminPage />) },
  {
    name: 'adminMarket',
    load: () => import('../features/market/pages/moderation-page').then((m) => <m.ModerationPage />),
  },
  {
    name: 'adminSchools',
    load: () => school('adminSchools'),
  },
  { name: 'adminPayouts', load: () => subscription('adminPayouts') },
];

const toRoute = ({ name, element, load, focus }: Page): RouteObject => ({
  path: paths[name],
  handle: { title: name, ...(focus ? { focus } : {}) } satisfies RouteHandle,
  ...(load
    ? // The shell stays while a page's code arrives: on the first page of a visit the loader stands in
      // for the page; later, the current page stays, with the shell's progress bar, until the next is there.
      // The texts of cards and practice come with the first such page (lib/page-texts.ts).
      {
        lazy: async () => {
          const [page] = await Promise.all([load(), import('../lib/page-texts')]);
          return { element: page };
        },
        hydrateFallbackElement: <RouteLoader />,
      }
    : { element }),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...publicPages.map(toRoute),
          {
            // The guards' code comes with the first page behind them, as the pages' own does.
            lazy: () => import('./signed-in-guard').then((m) => ({ element: <m.SignedInGuard /> })),
            hydrateFallbackElement: <RouteLoader />,
            children: [
              ...signedInPages.map(toRoute),
              {
                lazy: () => import('./staff-guard').then((m) => ({ element: <m.StaffGuard /> })),
                hydrateFallbackElement: <RouteLoader />,
                children: staffPages.map(toRoute),
              },
            ],
          },
          {
            path: '*',
            lazy: () =>
              import('../features/not-found/pages/not-found-page').then((m) => ({
                element: <m.NotFoundPage />,
              })),
            hydrateFallbackElement: <RouteLoader />,
            handle: { title: 'notFound' } satisfies RouteHandle,
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
