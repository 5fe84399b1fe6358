/**
 * The first-login password page, fetched when first opened. The router reaches it through this small
 * module so that the home page's first load carries one entry for it rather than the list of every chunk
 * the page needs (the first-load budget).
 */
export const choosePasswordPage = () =>
  import('./pages/choose-password-page').then((m) => <m.ChoosePasswordPage />);
