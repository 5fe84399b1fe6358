/**
 * Today's calendar day (YYYY-MM-DD) in a time zone: the account's, in which the server keeps its days; where
 * the reader is when none is given.
 */
export const localToday = (now = new Date(), timeZone?: string) => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA').format(now);
  }
};
