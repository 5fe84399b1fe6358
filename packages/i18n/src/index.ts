import bgAccount from '../locales/bg/account.json';
import bgAi from '../locales/bg/ai.json';
import bgCards from '../locales/bg/cards.json';
import bgCommon from '../locales/bg/common.json';
import bgDashboard from '../locales/bg/dashboard.json';
import bgEmail from '../locales/bg/email.json';
import bgErrors from '../locales/bg/errors.json';
import bgExams from '../locales/bg/exams.json';
import bgGuardians from '../locales/bg/guardians.json';
import bgHome from '../locales/bg/home.json';
import bgLegal from '../locales/bg/legal.json';
import bgLive from '../locales/bg/live.json';
import bgMarket from '../locales/bg/market.json';
import bgPages from '../locales/bg/pages.json';
import bgPaths from '../locales/bg/paths.json';
import bgPeople from '../locales/bg/people.json';
import bgPractice from '../locales/bg/practice.json';
import bgReports from '../locales/bg/reports.json';
import bgResults from '../locales/bg/results.json';
import bgReview from '../locales/bg/review.json';
import bgSchool from '../locales/bg/school.json';
import bgShell from '../locales/bg/shell.json';
import bgSocial from '../locales/bg/social.json';
import bgSubscriptions from '../locales/bg/subscriptions.json';
import bgTeachers from '../locales/bg/teachers.json';
import bgTests from '../locales/bg/tests.json';
import enAccount from '../locales/en/account.json';
import enAi from '../locales/en/ai.json';
import enCards from '../locales/en/cards.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enEmail from '../locales/en/email.json';
import enErrors from '../locales/en/errors.json';
import enExams from '../locales/en/exams.json';
import enGuardians from '../locales/en/guardians.json';
import enHome from '../locales/en/home.json';
import enLegal from '../locales/en/legal.json';
import enLive from '../locales/en/live.json';
import enMarket from '../locales/en/market.json';
import enPages from '../locales/en/pages.json';
import enPaths from '../locales/en/paths.json';
import enPeople from '../locales/en/people.json';
import enPractice from '../locales/en/practice.json';
import enReports from '../locales/en/reports.json';
import enResults from '../locales/en/results.json';
import enReview from '../locales/en/review.json';
import enSchool from '../locales/en/school.json';
import enShell from '../locales/en/shell.json';
import enSocial from '../locales/en/social.json';
import enSubscriptions from '../locales/en/subscriptions.json';
import enTeachers from '../locales/en/teachers.json';
import enTests from '../locales/en/tests.json';

export const languages = ['en', 'bg'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Namespaces: one JSON file per namespace and language under `locales/<lang>/`. */
export const resources = {
  en: {
    account: enAccount,
    ai: enAi,
    cards: enCards,
    common: enCommon,
    dashboard: enDashboard,
    email: enEmail,
    errors: enErrors,
    exams: enExams,
    guardians: enGuardians,
    home: enHome,
    legal: enLegal,
    live: enLive,
    market: enMarket,
    pages: enPages,
    people: enPeople,
    paths: enPaths,
    practice: enPractice,
    reports: enReports,
    results: enResults,
    review: enReview,
    school: enSchool,
    shell: enShell,
    social: enSocial,
    subscriptions: enSubscriptions,
    teachers: enTeachers,
    tests: enTests,
  },
  bg: {
    account: bgAccount,
    ai: bgAi,
    cards: bgCards,
    common: bgCommon,
    dashboard: bgDashboard,
    email: bgEmail,
    errors: bgErrors,
    exams: bgExams,
    guardians: bgGuardians,
    home: bgHome,
    legal: bgLegal,
    live: bgLive,
    market: bgMarket,
    pages: bgPages,
    people: bgPeople,
    paths: bgPaths,
    practice: bgPractice,
    reports: bgReports,
    results: bgResults,
    review: bgReview,
    school: bgSchool,
    shell: bgShell,
    social: bgSocial,
    subscriptions: bgSubscriptions,
    teachers: bgTeachers,
    tests: bgTests,
  },
} as const;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** Picks en or bg from an Accept-Language header (the best-ranked supported language, else en). */
export const languageFromHeader = (header: string | undefined): Language => {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const best = ranked.find((entry) => isLanguage(entry.tag));
  return best ? (best.tag as Language) : defaultLanguage;
};
