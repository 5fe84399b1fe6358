import type { Page } from '@playwright/test';

/**
 * Holds the polls of the running task until `release` is called: the progress stays on screen for as long
 * as the test looks at it, however fast the job is. The polls themselves reach the real server.
 */
export async function holdPolls(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = /\/api\/card\/generate-flashcards(-from-images)?\/\?task_id=/;
  await page.route(pattern, async (route) => {
    await released;
    // A poll the page gave up on meanwhile (the next one went out) is no longer there to let through.
    await route.continue().catch(() => {});
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}
