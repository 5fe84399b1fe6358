import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteAccount = () => api.call(authRoutes.removeUser);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
