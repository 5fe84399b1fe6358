import { notificationRoutes } from '@flashcards/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unreadNotificationsKey } from '../../../lib/unread-notifications';

const listKey = ['notifications'] as const;

/** A page of 20 of my notifications, newest first; asked again with the bell's count. */
export const useNotifications = (page: number) =>
  useQuery({
    queryKey: [...listKey, page],
    queryFn: ({ signal }) => api.call(notificationRoutes.notifications, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

/** After a change the list and the counts are asked again. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: unreadNotificationsKey }),
    ]);
};

/** Marks one of my notifications read (`POST notifications/{id}/read/`). */
export const useReadNotification = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.call(notificationRoutes.readNotification, { params: { id } }),
    onSuccess: refresh,
  });
};

/** Marks all my notifications read (`POST notifications/read/`). */
export const useReadAllNotifications = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.call(notificationRoutes.readAllNotifications, { body: {} }),
    onSuccess: refresh,
  });
};

/** Turns off the opt-in of a digest's link (`POST notifications/unsubscribe/{token}/`), without signing in. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) => api.call(notificationRoutes.unsubscribe, { params: { token }, body: {} }),
  });
