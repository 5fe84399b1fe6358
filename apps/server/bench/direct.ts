import { randomUUID } from 'node:crypto';
import { Placeholder } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/db/client';
import { createEntitlements } from '../src/lib/entitlements';
import { deckQuery, deckStatementName } from '../src/modules/cards/cards.repository';
import {
  answerQuery,
  answerStatementName,
  type ScoreColumn,
} from '../src/modules/practice/practice.repository';
import { DECK_SIZE, type KindStats, statsOf, type Workload } from './load';

export type DirectResult = {
  connections: number;
  seconds: number;
  total: KindStats;
  kinds: { deck: KindStats; answer: KindStats };
  errors: number;
  /** The machine's one-minute load average at the end of the phase. */
  loadAverage?: number;
};

type Statement = { config: pg.QueryArrayConfig; values: (named: Record<string, unknown>) => unknown[] };

// The server reads dates and timestamps as text (drizzle's node-postgres driver); so does this client.
const textTypes = new Set([1082, 1114, 1184, 1182, 1115, 1185, 1186, 1187, 1231]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    textTypes.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** The text and the parameter order of a statement the server prepares, under the name it uses. */
/** Practice on a server where premium comes from the end dates, as on the public site. */
const premiumRule = createEntitlements({ premiumForAll: false, freeActiveItems: 3 });

const statementOf = (name: string, query: { toSQL: () => { sql: string; params: unknown[] } }): Statement => {
  const { sql, params } = query.toSQL();
  return {
    config: { name, text: sql, rowMode: 'array', types },
    values: (named) => params.map((param) => (param instanceof Placeholder ? named[param.name] : param)),
  };
};

/**
 * The practice loop without the server: the statements of a premium user's deck call and answers (the same
 * text, prepared under the same names, through the same driver), sent straight to PostgreSQL by
 * `connections` clients of their own, each going through decks in turn as fast as it can. What the
 * database does with the same work is the ceiling of what the server can do with it.
 */
export const runDirectPhase = async (
  db: Database,
  url: string,
  workload: Workload,
  options: { connections: number; seconds: number; threshold: number },
): Promise<DirectResult> => {
  const deck = statementOf(deckStatementName('guessesScore'), deckQuery(db, 'guessesScore', premiumRule));
  const answers = (['guessesScore', 'incorrectGuessesScore'] as ScoreColumn[]).map((column) =>
    statementOf(
      answerStatementName(column, { activePremiumOnly: premiumRule }),
      answerQuery(db, column, { activePremiumOnly: premiumRule }),
    ),
  );
  const latencies = { deck: [] as number[], answer: [] as number[] };
  let errors = 0;
  let answered = 0;
  // One practice session per connection.
  const sessions = new Map<pg.Client, string>();
  const sessionOf = (client: pg.Client) => {
    const session = sessions.get(client) ?? randomUUID();
    sessions.set(client, session);
    return session;
  };

  const clients = await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const timed = async (kind: 'deck' | 'answer', client: pg.Client, statement: Statement, named: object) => {
    const start = performance.now();
    try {
      const result = await client.query(statement.config, statement.values(named as Record<string, unknown>));
      latencies[kind].push(performance.now() - start);
      return result;
    } catch {
      errors++;
      return undefined;
    }
  };
  const loop = async (client: pg.Client) => {
    while (performance.now() < end) {
      const practice = workload.takePractice();
      const now = new Date();
      const result = await timed('deck', client, deck, {
        categoryId: practice.categoryId,
        userId: practice.userId,
        kind: 'text',
        threshold: options.threshold,
        limit: DECK_SIZE,
        now: now.toISOString(),
      });
      const idColumn = result?.fields.findIndex((field) => field.name === 'id') ?? -1;
      for (const row of (result?.rows ?? []) as unknown[][]) {
        if (performance.now() >= end) break;
        // Correct and incorrect answers alternate, as in the load through the server.
        const statement = answers[answered++ % 2]!;
        const at = new Date();
        await timed('answer', client, statement, {
          cardId: row[idColumn],
          userId: practice.userId,
          kind: 'text',
          threshold: options.threshold,
          limit: null,
          now: at.toISOString(),
          // As the web app answers: within a session, whose last answer the statement keeps.
          session: sessionOf(client),
        });
      }
    }
  };
  try {
    await Promise.all(clients.map(loop));
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    connections: options.connections,
    seconds,
    total: statsOf([...latencies.deck, ...latencies.answer], errors, seconds),
    kinds: {
      deck: statsOf(latencies.deck, 0, seconds),
      answer: statsOf(latencies.answer, 0, seconds),
    },
    errors,
  };
};
