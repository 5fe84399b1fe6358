import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

// A 4xx answer will not change on a retry; network and server errors might.
const isWorthRetrying = (error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const queryClient = new QueryClient({
  defaultOptions: {
    // Offline, calls still go out once: the app answers them from what the device kept, or says it is
    // offline (the default would hold them until the network returns).
    queries: {
      retry: (failures, error) => failures < 2 && isWorthRetrying(error),
      networkMode: 'offlineFirst',
    },
    mutations: { networkMode: 'offlineFirst' },
  },
});
