import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/api-errors';

/** The codes of refusals to sell that have their own explanation here. */
const explained = {
  payments_not_configured: 'errors.paymentsNotConfigured',
  premium_for_all: 'errors.premiumForAll',
} as const;

/**
 * The message for a failed checkout or portal call: the two refusals of a server that does not sell
 * (503 `payments_not_configured`, 409 `premium_for_all`) in plain words, else the server's own message.
 */
export function useCheckoutErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('subscriptions');
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      const code =
        error instanceof ApiError && error.body && 'code' in error.body ? error.body.code : undefined;
      if (typeof code === 'string' && code in explained) return t(explained[code as keyof typeof explained]);
      return errorMessage(error);
    },
    [t, errorMessage],
  );
}
