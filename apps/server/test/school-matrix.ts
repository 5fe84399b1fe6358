import { apiRoutes, pathOf } from '@flashcards/contract';
import type { TestApp } from './build-app';
import { buildSchoolPeople } from './factories';

/** The people of a school an access matrix asks, as buildSchoolPeople makes them, and a guest. */
export type Who = 'guest' | 'teacher' | 'coTeacher' | 'otherSchoolTeacher' | 'student' | 'classmate';

/** One route of a matrix: the request it makes of a fixture and the status each person gets. */
export type MatrixRow<Fixture> = {
  route: string;
  request: (f: Fixture) => { params?: Record<string, number>; query?: string; json?: object };
  expect: Record<Who, number>;
};

/** The teacher's (or the student's) alone; everyone else signed in gets 404. */
export const only = (who: 'teacher' | 'student' | 'both', status: number): Record<Who, number> => ({
  guest: 401,
  teacher: who === 'student' ? 404 : status,
  coTeacher: 404,
  otherSchoolTeacher: 404,
  student: who === 'teacher' ? 404 : status,
  classmate: 404,
});

/** The school's people and a signed access token for each. */
export const schoolPeopleWithTokens = async (t: TestApp) => {
  const people = await buildSchoolPeople(t.database.db);
  const tokens = Object.fromEntries(
    Object.entries(people).map(([who, user]) => [who, t.services.tokens.sign('access', user.id).token]),
  ) as Record<Exclude<Who, 'guest'>, string>;
  return { people, tokens };
};

/**
 * The status each person of a row gets; every person asks a fresh fixture, so one's write (a reopen, a
 * finished exam) never changes what the next one finds.
 */
export const matrixAnswers = async <Fixture>(
  t: TestApp,
  row: MatrixRow<Fixture>,
  newFixture: () => Promise<{ fixture: Fixture; tokens: Record<Exclude<Who, 'guest'>, string> }>,
) => {
  const answers: Partial<Record<Who, number>> = {};
  for (const who of Object.keys(row.expect) as Who[]) {
    const { fixture, tokens } = await newFixture();
    const route = apiRoutes[row.route]!;
    const request = row.request(fixture);
    const response = await t.app.inject({
      method: route.method,
      url: `${pathOf(route, request.params ?? {})}${request.query ?? ''}`,
      headers: {
        ...(who === 'guest' ? {} : { authorization: `JWT ${tokens[who]}` }),
        ...(request.json ? { 'content-type': 'application/json' } : {}),
      },
      payload: request.json ? JSON.stringify(request.json) : undefined,
    });
    answers[who] = response.statusCode;
  }
  return answers;
};
