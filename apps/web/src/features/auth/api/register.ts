import { authRoutes, type RegisterBody } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api, browserTimeZone } from '../../../lib/api-client';

/** The new account keeps the browser's time zone: its days (the daily limit, the activity) are counted in it. */
export const register = (body: RegisterBody) =>
  api.call(authRoutes.register, { body: { time_zone: browserTimeZone(), ...body } });

export const useRegister = () => useMutation({ mutationFn: register });
