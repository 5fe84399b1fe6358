/**
 * Sends the browser to another site (the payment provider's checkout page or billing portal). Its own
 * module so that tests can watch where the page would go without leaving jsdom's page.
 */
export function leaveTo(url: string): void {
  window.location.href = url;
}
