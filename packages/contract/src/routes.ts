import { aiRoutes } from './ai';
import { authRoutes } from './auth';
import { cardRoutes } from './cards';
import { examResultRoutes } from './exam-results';
import { examRoutes, testRoutes } from './exams';
import { guardianRoutes } from './guardians';
import { homeRoutes } from './home';
import { learningPathRoutes, reportRoutes } from './learning-paths';
import { liveRoutes } from './live';
import { marketRoutes } from './market';
import { notificationRoutes } from './notifications';
import { practiceRoutes } from './practice';
import { reviewRoutes } from './review';
import type { RouteDefinition } from './route';
import { adminSchoolRoutes, schoolRoutes } from './school';
import { schoolClassRoutes } from './school-classes';
import { friendRoutes, privateSendingRoutes, userGroupRoutes } from './social';
import { speechRoutes } from './speech';
import { adminAffiliateRoutes, affiliateRoutes, subscriptionRoutes } from './subscriptions';
import { systemRoutes } from './system';

/** Every route of the API, by name: what the server must serve and what its route-wide tests walk. */
// Marked pure: a web bundle that never reads the whole list leaves out the routes its first page does not call.
export const apiRoutes: Record<string, RouteDefinition> = /* @__PURE__ */ Object.assign(
  {},
  systemRoutes,
  authRoutes,
  homeRoutes,
  practiceRoutes,
  reviewRoutes,
  cardRoutes,
  speechRoutes,
  liveRoutes,
  marketRoutes,
  aiRoutes,
  friendRoutes,
  userGroupRoutes,
  privateSendingRoutes,
  notificationRoutes,
  schoolRoutes,
  adminSchoolRoutes,
  schoolClassRoutes,
  guardianRoutes,
  learningPathRoutes,
  reportRoutes,
  testRoutes,
  examRoutes,
  examResultRoutes,
  subscriptionRoutes,
  affiliateRoutes,
  adminAffiliateRoutes,
);
