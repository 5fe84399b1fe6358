import { authRoutes, type RegisterBody, registerResponse } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) =>
  api.request(authRoutes.register, { body, auth: false, schema: registerResponse });

export const useRegister = () => useMutation({ mutationFn: register });
