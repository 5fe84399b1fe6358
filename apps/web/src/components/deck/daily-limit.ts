import { ApiError } from '../../lib/api-client';

/** The server's refusal of a free user's answer or deck past the day's limit (403, daily_limit_exceeded). */
export const isDailyLimit = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 403 &&
  error.body !== null &&
  'code' in error.body &&
  error.body.code === 'daily_limit_exceeded';
