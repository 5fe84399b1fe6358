import { aiRoutes } from './ai';
import { authRoutes } from './auth';
import { cardRoutes } from './cards';
import { marketRoutes } from './market';
import { practiceRoutes } from './practice';
import type { RouteDefinition } from './route';
import { systemRoutes } from './system';

/** Every route of the API, by name: what the server must serve and what its route-wide tests walk. */
export const apiRoutes: Record<string, RouteDefinition> = {
  ...systemRoutes,
  ...authRoutes,
  ...practiceRoutes,
  ...cardRoutes,
  ...marketRoutes,
  ...aiRoutes,
};
