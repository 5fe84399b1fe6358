import { authRoutes, type RegisterBody } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) => api.call(authRoutes.register, { body });

export const useRegister = () => useMutation({ mutationFn: register });
