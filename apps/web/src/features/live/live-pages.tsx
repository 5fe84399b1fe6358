/**
 * The pages of live games, each fetched when first opened: the router reaches them through this small
 * module so that the home page's first load carries one entry for all of them (the budget).
 */
export const livePages = {
  liveGames: () => import('./pages/live-games-page').then((m) => <m.LiveGamesPage />),
  liveHost: () => import('./pages/live-host-page').then((m) => <m.LiveHostPage />),
  liveResults: () => import('./pages/live-results-page').then((m) => <m.LiveResultsPage />),
  play: () => import('./pages/play-page').then((m) => <m.PlayPage />),
};
