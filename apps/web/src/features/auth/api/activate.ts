import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type UidToken = { uid: string; token: string };

export const activate = (body: UidToken) => api.call(authRoutes.activate, { body });

export const useActivate = () => useMutation({ mutationFn: activate });
