import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type ApiErrorBody } from './api-client';

/** The first message of each field of a DRF field-error body (`{field: [message, …]}`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body.detail === 'string') return {};
  return firstMessages(error.body);
}

export function firstMessages(body: ApiErrorBody): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    const first = Array.isArray(value) ? value.find((message) => typeof message === 'string') : undefined;
    if (first) messages[field] = first;
  }
  return messages;
}

/**
 * The text to show for a failed call: the server's own message (`detail`, else the first field message;
 * the server translates both), "You are offline" when it was not reached, else the generic error.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.status === 0) return t('errors.offline');
        if (error.detail) return error.detail;
        const [first] = Object.values(fieldErrorsOf(error));
        if (first) return first;
      }
      return t('errors.generic');
    },
    [t],
  );
}

/** Whether a failed call was answered with this status. */
export const hasStatus = (error: unknown, status: number): boolean =>
  error instanceof ApiError && error.status === status;
