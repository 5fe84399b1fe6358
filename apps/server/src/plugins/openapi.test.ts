import {
  apiRoutes,
  cardRoutes,
  defineRoute,
  examResultRoutes,
  liveRoutes,
  noContent,
  paginated,
  type RouteDefinition,
  schoolClassRoutes,
  speechRoutes,
} from '@flashcards/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { buildCard, buildCategory } from '../../test/factories';
import { signIn } from '../../test/session';
import { type Authentication, operationIdOf, registerRoutes, route } from '../lib/routes';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

const operationOf = (document: Document, definition: RouteDefinition) => {
  const operation = document.paths[definition.path]?.[definition.method.toLowerCase()];
  if (!operation) throw new Error(`${definition.method} ${definition.path} is not in the document`);
  return operation;
};

describe('operation ids', () => {
  const item = z.object({ id: z.number() });
  const at = (method: RouteDefinition['method'], path: string, response: z.ZodType = item) =>
    operationIdOf({ method, path, response, access: 'user', tag: 't', summary: 's' });

  it('come from the method and the path, as drf-spectacular derives them', () => {
    expect(at('GET', '/api/card/category/{id}/export/')).toBe('cardCategoryExportRetrieve');
    expect(at('GET', '/api/card/category/', paginated(item))).toBe('cardCategoryList');
    expect(at('GET', '/api/card/category-all/', item.array())).toBe('cardCategoryAllList');
    expect(at('GET', '/api/card/category/{id}/')).toBe('cardCategoryRetrieve');
    expect(at('POST', '/api/user/users/reset_password_confirm/')).toBe('userUsersResetPasswordConfirmCreate');
    expect(at('PUT', '/api/card/market/{id}/')).toBe('cardMarketUpdate');
    expect(at('PATCH', '/api/user/users/me/')).toBe('userUsersMePartialUpdate');
    expect(at('DELETE', '/api/admin/schools/{id}/principals/{userId}/', noContent)).toBe(
      'adminSchoolsPrincipalsDestroy',
    );
    expect(at('GET', '/api/health')).toBe('healthRetrieve');
  });

  it("are the definition's own where it names one", () => {
    const named = defineRoute({
      method: 'GET',
      path: '/api/card/card-requests/{id}/',
      access: 'user',
      tag: 't',
      summary: 's',
      response: item.array(),
      operationId: 'cardCardRequestsFriendList',
    });
    expect(operationIdOf(named)).toBe('cardCardRequestsFriendList');
  });

  it('are unique over the whole API, and the published ones stay as they are', () => {
    const ids = Object.values(apiRoutes).map(operationIdOf);
    expect(new Set(ids).size).toBe(ids.length);
    const known: [RouteDefinition, string][] = [
      [cardRoutes.exportCards, 'cardCategoryExportRetrieve'],
      [cardRoutes.categories, 'cardCategoryList'],
      [cardRoutes.category, 'cardCategoryRetrieve'],
      [cardRoutes.createCategory, 'cardCategoryCreate'],
      [cardRoutes.deleteCategory, 'cardCategoryDestroy'],
      [apiRoutes.tokenCreate!, 'userJwtCreateCreate'],
      [apiRoutes.updateMe!, 'userUsersMePartialUpdate'],
      [apiRoutes.myActivity!, 'cardCardRequestsList'],
      [apiRoutes.friendActivity!, 'cardCardRequestsFriendList'],
      [apiRoutes.answerQuestion!, 'examAnswerCreate'],
      [apiRoutes.removePrincipal!, 'adminSchoolsPrincipalsDestroy'],
    ];
    for (const [definition, id] of known) expect(operationIdOf(definition), definition.path).toBe(id);
  });

  it('that collide stop the registration of the routes', () => {
    const list = (path: string) =>
      defineRoute({ method: 'GET', path, access: 'public', tag: 't', summary: 's', response: item.array() });
    const handler = async () => [];
    const auth = {} as Authentication;
    const app = Fastify();
    expect(() =>
      registerRoutes(
        app,
        [route(list('/api/things/'), handler), route(list('/api/things/{id}/'), handler)],
        auth,
      ),
    ).toThrow('GET /api/things/{id}/ and GET /api/things/ have the same operationId thingsList');
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('names every operation of the API with its id', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(Object.keys(apiRoutes).length);
    for (const definition of Object.values(apiRoutes)) {
      expect(operationOf(document, definition).operationId, definition.path).toBe(operationIdOf(definition));
    }
  });

  it('declares on every operation what it needs: the bearer token, or nothing for a public one', () => {
    expect(document.components.securitySchemes).toEqual({
      jwt: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    });
    for (const definition of Object.values(apiRoutes)) {
      expect(operationOf(document, definition).security, definition.path).toEqual(
        definition.access === 'public' ? [] : [{ jwt: [] }],
      );
    }
    expect(operationOf(document, apiRoutes.site!).security).toEqual([]);
    expect(operationOf(document, apiRoutes.adminSchools!).security).toEqual([{ jwt: [] }]);
  });

  it('declares a download as the file it is, and its errors as JSON', () => {
    const downloads = Object.values(apiRoutes).filter((definition) => definition.download);
    expect(downloads).toEqual([
      cardRoutes.exportCards,
      speechRoutes.speech,
      liveRoutes.exportLiveResults,
      schoolClassRoutes.exportGradebook,
      examResultRoutes.exportExamResults,
    ]);
    expect(operationOf(document, speechRoutes.speech).responses['200']?.content).toEqual({
      'audio/wav': { schema: { type: 'string', format: 'binary' } },
    });
    const { responses } = operationOf(document, cardRoutes.exportCards);
    expect(responses['200']?.content).toEqual({
      'application/apkg': { schema: { type: 'string', format: 'binary' } },
      'text/csv': { schema: { type: 'string', format: 'binary' } },
      'text/plain': { schema: { type: 'string', format: 'binary' } },
    });
    for (const status of ['400', '401', '404', '409']) {
      expect(Object.keys(responses[status]?.content ?? {}), status).toEqual(['application/json']);
    }
  });

  it('lists every media type the card export sends', async () => {
    const session = await signIn(t);
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    await buildCard(t.database.db, { categoryId: category.id });
    const declared = Object.keys(
      operationOf(document, cardRoutes.exportCards).responses['200']?.content ?? {},
    );
    const sent = [];
    for (const format of ['apkg', 'csv', 'quizlet']) {
      const response = await session.call(
        'GET',
        `/api/card/category/${category.id}/export/?format=${format}`,
      );
      expect(response.statusCode, format).toBe(200);
      sent.push(String(response.headers['content-type']).split(';')[0]);
    }
    expect(sent).toEqual(declared);
  });
});
