import {
  type BodyEncoding,
  errorDetailSchema,
  fieldErrorsSchema,
  type RouteDefinition,
} from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from './access';
import { notAuthenticated, permissionDenied, tokenNotValid } from './api-error';
import type { Tokens } from './tokens';
import { requestLanguage } from './translate';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type RequestParts<R extends RouteDefinition> = {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  language: Language;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** What a handler answers: the response as its schema takes it, or nothing for a 204. */
type Answer<R extends RouteDefinition> = R['status'] extends 204 ? null | undefined : z.input<R['response']>;

/**
 * The account of a request whose token alone was checked, loaded when needed. `version` is the token's:
 * a statement that checks the account itself also checks it against `users.token_version`.
 */
export type SignedIn = { id: number; version: number; actor: () => Promise<Actor> };

type Context<R extends RouteDefinition> = RequestParts<R> &
  (R['access'] extends 'public' ? { actor: Actor | null } : { actor: Actor });

export type RouteBinding = {
  definition: RouteDefinition;
  auth: 'account' | 'token';
  handler: (context: never) => Promise<unknown>;
};

/** Binds a contract route to its handler; the handler gets the typed parts and, when signed in, the actor. */
export const route = <R extends RouteDefinition>(
  definition: R,
  handler: (context: Context<R>) => Promise<Answer<R>>,
): RouteBinding => ({ definition, auth: 'account', handler: handler as RouteBinding['handler'] });

/**
 * The practice loop's deck and answer routes only: the token is checked, the account is not loaded,
 * because their statements check it (active, premium, owner) themselves; `signedIn.actor()` loads it
 * when a rule needs more. Every other route loads the account first.
 */
export const tokenRoute = <R extends RouteDefinition & { access: 'user' }>(
  definition: R,
  handler: (context: RequestParts<R> & { signedIn: SignedIn }) => Promise<Answer<R>>,
): RouteBinding => ({ definition, auth: 'token', handler: handler as RouteBinding['handler'] });

const badRequest = z.union([fieldErrorsSchema, errorDetailSchema]);
const mediaTypes: Record<BodyEncoding, string> = {
  json: 'application/json',
  multipart: 'multipart/form-data',
  form: 'application/x-www-form-urlencoded',
};

const actions = { POST: 'create', PUT: 'update', PATCH: 'partial_update', DELETE: 'destroy' } as const;

/** Whether a response is a list: an array, or a page of one. */
const isList = (response: z.ZodType) =>
  response instanceof z.ZodArray ||
  (response instanceof z.ZodObject && 'results' in response.shape && 'count' in response.shape);

/**
 * A route's OpenAPI `operationId`, as drf-spectacular derives it: the path's segments after `/api/`
 * without its parameters, then the action (a GET is `list` when it answers a list or a page of one,
 * `retrieve` otherwise; `create`, `update`, `partial_update`, `destroy`), in camelCase. A definition names
 * its own only where this would collide. Generated clients name their methods after it: it must not
 * change while the route does not.
 */
export const operationIdOf = (definition: RouteDefinition) => {
  if (definition.operationId) return definition.operationId;
  const segments = definition.path
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith('{'))
    .slice(1);
  const action =
    definition.method === 'GET'
      ? isList(definition.response)
        ? 'list'
        : 'retrieve'
      : actions[definition.method];
  return [...segments, action]
    .join('_')
    .replace(/[-_]+([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());
};

/** The success answer as the OpenAPI document shows it: JSON of `response`, or a file's bytes. */
const successResponse = (definition: RouteDefinition) =>
  definition.download
    ? {
        description: 'The file, as an attachment (`Content-Disposition` names it)',
        content: Object.fromEntries(
          definition.download.map((type) => [type, { schema: definition.response }]),
        ),
      }
    : definition.response;

/** The error answers a route can give, from what its definition says it takes and who may call it. */
export const errorResponses = (definition: RouteDefinition) => {
  const statuses = new Set<number>(definition.errors ?? []);
  if (definition.params || definition.query || definition.body) statuses.add(400);
  if (definition.body) statuses.add(415);
  if (definition.access !== 'public') statuses.add(401);
  if (definition.access === 'staff') statuses.add(403);
  if (definition.params) statuses.add(404);
  if (definition.encoding?.includes('multipart')) statuses.add(413);
  return Object.fromEntries(
    [...statuses]
      .sort()
      .map((status) => [status, status === 400 || status === 413 ? badRequest : errorDetailSchema]),
  );
};

const bearer = (header: string | undefined) => header?.match(/^(?:JWT|Bearer)\s+(\S+)$/i)?.[1];

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    actorId: number | null;
    tokenVersion: number;
  }
}

export type Authentication = {
  tokens: Tokens;
  /** The active account of this id, or undefined. */
  activeAccount: (id: number) => Promise<Actor | undefined>;
};

/** Registers the bound routes: schemas, OpenAPI facts and access all come from their definitions. */
export const registerRoutes = (app: FastifyInstance, bindings: RouteBinding[], auth: Authentication) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('actorId', null);
  app.decorateRequest('tokenVersion', 0);

  const checkToken = async (request: FastifyRequest) => {
    const token = bearer(request.headers.authorization);
    if (!token) throw notAuthenticated();
    const claims = auth.tokens.verify(token, 'access');
    request.actorId = claims.user_id;
    request.tokenVersion = claims.ver;
  };
  const loadActor = async (request: FastifyRequest) => {
    if (request.actor) return request.actor;
    if (request.actorId === null) throw notAuthenticated();
    const actor = await auth.activeAccount(request.actorId);
    // A token issued before a password change ended the account's sessions is refused.
    if (!actor || actor.tokenVersion !== request.tokenVersion) throw tokenNotValid();
    request.actor = actor;
    return actor;
  };
  const signedIn = async (request: FastifyRequest) => {
    await checkToken(request);
    await loadActor(request);
  };
  const staff = async (request: FastifyRequest) => {
    await signedIn(request);
    if (!request.actor?.isStaff) throw permissionDenied();
  };

  const operations = new Map<string, string>();
  for (const { definition, auth: mode, handler } of bindings) {
    const status = definition.status ?? 200;
    const operationId = operationIdOf(definition);
    const route = `${definition.method} ${definition.path}`;
    const taken = operations.get(operationId);
    if (taken) throw new Error(`${route} and ${taken} have the same operationId ${operationId}`);
    operations.set(operationId, route);
    const onRequest =
      definition.access === 'public'
        ? undefined
        : definition.access === 'staff'
          ? staff
          : mode === 'token'
            ? checkToken
            : signedIn;
    const encoding = definition.encoding ?? ['json'];
    app.route({
      method: definition.method,
      url: definition.path.replace(/\{(\w+)\}/g, ':$1'),
      onRequest,
      ...(definition.largeUpload ? { config: { largeUpload: definition.largeUpload } } : {}),
      schema: {
        operationId,
        tags: [definition.tag],
        summary: definition.summary,
        description: definition.description,
        // A public route reads no token: `[]` says so, where an absent list would mean the document's default.
        security: definition.access === 'public' ? [] : [{ jwt: [] }],
        ...(definition.body ? { consumes: encoding.map((name) => mediaTypes[name]) } : {}),
        ...(definition.params ? { params: definition.params } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        ...(definition.body ? { body: definition.body } : {}),
        response: { [status]: successResponse(definition), ...errorResponses(definition) },
      },
      handler: async (request, reply) => {
        const context = {
          params: request.params,
          query: request.query,
          body: request.body,
          language: requestLanguage(request.headers['accept-language']),
          request,
          reply,
          actor: request.actor,
          signedIn:
            mode === 'token'
              ? { id: request.actorId!, version: request.tokenVersion, actor: () => loadActor(request) }
              : undefined,
        };
        const answer = await (handler as (context: unknown) => Promise<unknown>)(context);
        reply.code(status);
        return status === 204 ? reply.send(null) : answer;
      },
    });
  }
};
