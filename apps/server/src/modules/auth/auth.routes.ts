import { authRoutes } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import type { FastifyRequest } from 'fastify';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

/** The request's language when it names one; without Accept-Language, mails keep the account's own. */
const namedLanguage = (request: FastifyRequest, language: Language) =>
  request.headers['accept-language'] ? language : undefined;

export const authRouteHandlers = ({ auth }: Services) => [
  route(authRoutes.register, async ({ body, language, request }) => {
    const user = await auth.register(body, language, request.ip);
    return { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName };
  }),
  route(authRoutes.activate, async ({ body }) => {
    await auth.activate(body.uid, body.token);
    return null;
  }),
  route(authRoutes.resendActivation, async ({ body, language, request }) => {
    await auth.resendActivation(body.email, request.ip, namedLanguage(request, language));
    return null;
  }),
  route(authRoutes.tokenCreate, async ({ body, request }) =>
    auth.login(body.email, body.password, request.ip),
  ),
  route(authRoutes.tokenRefresh, async ({ body }) => auth.refresh(body.refresh)),
  route(authRoutes.tokenVerify, async ({ body }) => {
    await auth.verifyToken(body.token);
    return {};
  }),
  route(authRoutes.logout, async ({ body }) => {
    await auth.logout(body.refresh);
    return null;
  }),
  route(authRoutes.resetPassword, async ({ body, language, request }) => {
    await auth.requestPasswordReset(body.email, request.ip, namedLanguage(request, language));
    return null;
  }),
  route(authRoutes.setPassword, async ({ actor, body }) => auth.setPassword(actor, body)),
  route(authRoutes.setEmail, async ({ actor, body, request }) => {
    await auth.requestEmailChange(actor, body, request.ip);
    return null;
  }),
  route(authRoutes.setEmailConfirm, async ({ body }) => {
    await auth.confirmEmailChange(body.uid, body.token);
    return null;
  }),
  route(authRoutes.resetPasswordConfirm, async ({ body }) => {
    await auth.confirmPasswordReset(body);
    return null;
  }),
];
