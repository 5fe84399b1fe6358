import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotAvailablePage } from '../components/ui/not-available-page';
import { ActivationPage } from '../features/auth/pages/activation-page';
import { GoogleCallbackPage } from '../features/auth/pages/google-callback-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { LogoutPage } from '../features/auth/pages/logout-page';
import { ResetPasswordConfirmPage } from '../features/auth/pages/reset-password-confirm-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { SignupPage } from '../features/auth/pages/signup-page';
import { SuccessRegisterPage } from '../features/auth/pages/success-register-page';
import { CardsPage } from '../features/cards/pages/cards-page';
import { CategoriesPage } from '../features/categories/pages/categories-page';
import { HomePage } from '../features/home/pages/home-page';
import { LegalPage } from '../features/legal/pages/legal-page';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { KidsPracticePage } from '../features/practice/pages/kids-practice-page';
import { PracticePage } from '../features/practice/pages/practice-page';
import { PublicPracticePage } from '../features/practice/pages/public-practice-page';
import { ProfilePage } from '../features/profile/pages/profile-page';
import { TeachersPage } from '../features/teachers/pages/teachers-page';
import { DemoVideosPage } from '../features/videos/pages/demo-videos-page';
import { type PageName, paths } from '../lib/paths';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';
import { SignedInGuard } from './signed-in-guard';

/** A page of the spec; without an element it shows the shared "not available yet" page. */
type Page = { name: PageName; element?: ReactNode };

const publicPages: Page[] = [
  { name: 'home', element: <HomePage /> },
  { name: 'login', element: <LoginPage /> },
  { name: 'loginGoogle', element: <GoogleCallbackPage /> },
  { name: 'signup', element: <SignupPage /> },
  { name: 'successRegister', element: <SuccessRegisterPage /> },
  { name: 'resetPassword', element: <ResetPasswordPage /> },
  { name: 'resetPasswordConfirm', element: <ResetPasswordConfirmPage /> },
  { name: 'activation', element: <ActivationPage /> },
  { name: 'termsOfUsage', element: <LegalPage document="terms" /> },
  { name: 'privacyPolicy', element: <LegalPage document="privacy" /> },
  { name: 'cookiesPolicy', element: <LegalPage document="cookies" /> },
  { name: 'affiliatesRules', element: <LegalPage document="affiliates" /> },
  { name: 'demoVideos', element: <DemoVideosPage /> },
  { name: 'marketPublic' },
  { name: 'marketPublicCategory' },
  { name: 'schoolsList' },
  { name: 'teachers', element: <TeachersPage /> },
  { name: 'flashCardsTextPublic', element: <PublicPracticePage kind="text" /> },
  { name: 'flashCardsPicturesPublic', element: <PublicPracticePage kind="picture" /> },
  { name: 'pricing' },
  // Signing out needs no token check, and must work when the check would fail.
  { name: 'logout', element: <LogoutPage /> },
];

const signedInPages: Page[] = [
  { name: 'subscriptions' },
  { name: 'subscriptionsSuccess' },
  { name: 'subscriptionsFailed' },
  { name: 'affiliates' },
  { name: 'mySchool' },
  { name: 'profile', element: <ProfilePage /> },
  { name: 'myCards', element: <CardsPage list="decks" /> },
  { name: 'myKidsCards', element: <CardsPage list="kids" /> },
  { name: 'myCategories', element: <CategoriesPage list="decks" /> },
  { name: 'learningPaths' },
  { name: 'myLearningPaths' },
  { name: 'learningPathProgress' },
  { name: 'market' },
  { name: 'userGroups' },
  { name: 'sendToMeCategories' },
  { name: 'flashCardsText', element: <PracticePage kind="text" /> },
  { name: 'flashCardsPicture', element: <PracticePage kind="picture" /> },
  { name: 'flashCardsKids', element: <KidsPracticePage /> },
  { name: 'learningPathCardsText' },
  { name: 'learningPathCardsPicture' },
  { name: 'demoVideosPrivate' },
  { name: 'reports' },
  { name: 'aiCards' },
  { name: 'aiCardsPreview' },
  { name: 'kids', element: <CategoriesPage list="kids" /> },
  { name: 'friends' },
  { name: 'friend' },
  { name: 'schoolTestCreate' },
  { name: 'schoolTestEdit' },
  { name: 'schoolTests' },
  { name: 'schoolExams' },
  { name: 'studentsSchoolExams' },
  { name: 'schoolExamStarted' },
  { name: 'schoolExam' },
];

const toRoute = ({ name, element }: Page): RouteObject => ({
  path: paths[name],
  element: element ?? <NotAvailablePage title={name} />,
  handle: { title: name } satisfies RouteHandle,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...publicPages.map(toRoute),
          { element: <SignedInGuard />, children: signedInPages.map(toRoute) },
          { path: '*', element: <NotFoundPage />, handle: { title: 'notFound' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
