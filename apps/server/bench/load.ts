import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export type Kind = 'health' | 'deck' | 'answer' | 'catalog';
export const DECK_SIZE = 20;

/** A signed-in user's category: one deck of the practice loop. */
export type Practice = { authorization: string; userId: number; categoryId: number };
type Card = { id: number; guesses_score: number; incorrect_guesses_score: number };
type KnownDeck = { authorization: string; cards: Card[] };
type LoopContext = { practice?: Practice; cards?: Card[] };
/** A request of autocannon; its hooks may end the loop early (setupRequest returning null). */
type Request = Omit<autocannon.Request, 'setupRequest' | 'onResponse'> & {
  setupRequest?: (request: Request, context: LoopContext) => Request | null;
  onResponse?: (status: number, body: string, context: LoopContext) => void;
};

const deckPath = (categoryId: number) =>
  `/api/card/card-text/?category_id=${categoryId}&quantity=${DECK_SIZE}&type=verbal`;

/**
 * What the connections share: the decks to fetch, taken in turn so the load spreads over every user and
 * category, and the cards already seen, which the answer-only load answers in turn.
 */
export class Workload {
  private nextPractice = 0;
  private nextAnswer = 0;
  private answered = 0;
  private readonly known: KnownDeck[] = [];
  /** Each learner's practice session: the web app names one in every answer, so that it can be undone. */
  private readonly sessions = new Map<string, string>();

  constructor(
    private readonly practices: Practice[],
    private readonly maxKnownDecks = 20_000,
  ) {
    if (practices.length === 0) throw new Error('no decks to practise: seed the data set first');
  }

  get knownDecks() {
    return this.known.length;
  }

  get knowsEnough() {
    return this.known.length >= this.maxKnownDecks;
  }

  takePractice() {
    const practice = this.practices[this.nextPractice % this.practices.length]!;
    this.nextPractice++;
    return practice;
  }

  remember(practice: Practice, body: string) {
    const cards = (JSON.parse(body) as Card[]).map(({ id, guesses_score, incorrect_guesses_score }) => ({
      id,
      guesses_score,
      incorrect_guesses_score,
    }));
    if (cards.length > 0 && this.known.length < this.maxKnownDecks)
      this.known.push({ authorization: practice.authorization, cards });
    return cards;
  }

  /** The next known card, going through every known deck before coming back. */
  takeCard(): { authorization: string; card: Card } {
    const total = this.known.length;
    if (total === 0) throw new Error('no cards seen yet: run a deck phase first');
    const deck = this.known[this.nextAnswer % total]!;
    const card = deck.cards[Math.floor(this.nextAnswer / total) % deck.cards.length]!;
    this.nextAnswer++;
    return { authorization: deck.authorization, card };
  }

  /**
   * One score field, as the client sends it: the previous value plus one. Correct and incorrect answers
   * alternate, so cards are learned slowly and decks keep their cards through the run.
   */
  answerBody(card: Card, authorization: string) {
    let session = this.sessions.get(authorization);
    if (!session) {
      session = randomUUID();
      this.sessions.set(authorization, session);
    }
    const correct = this.answered++ % 2 === 0;
    if (correct) return JSON.stringify({ guesses_score: ++card.guesses_score, session });
    return JSON.stringify({ incorrect_guesses_score: ++card.incorrect_guesses_score, session });
  }
}

const headersOf = (authorization: string, json = false) => ({
  authorization,
  accept: 'application/json',
  ...(json ? { 'content-type': 'application/json' } : {}),
});

const healthRequest = (): Request => ({ method: 'GET', path: '/api/health' });

const deckRequest = (workload: Workload, keepCards: boolean): Request => ({
  method: 'GET',
  setupRequest: (request: Request, context: LoopContext) => {
    const practice = workload.takePractice();
    context.practice = practice;
    return { ...request, path: deckPath(practice.categoryId), headers: headersOf(practice.authorization) };
  },
  onResponse: (status: number, body: string, context: LoopContext) => {
    // Parsing costs the load generator time, so a deck is only read when something uses its cards.
    if (status === 200 && context.practice && (keepCards || !workload.knowsEnough)) {
      const cards = workload.remember(context.practice, body);
      if (keepCards) context.cards = cards;
    }
  },
});

const answerRequest = (card: Card, authorization: string, workload: Workload, request: Request): Request => ({
  ...request,
  method: 'PUT',
  path: `/api/card/card-text/${card.id}/`,
  headers: headersOf(authorization, true),
  body: workload.answerBody(card, authorization),
});

/** An answer to a card seen earlier by a deck call. */
const knownCardAnswer = (workload: Workload): Request => ({
  method: 'PUT',
  setupRequest: (request: Request) => {
    const { authorization, card } = workload.takeCard();
    return answerRequest(card, authorization, workload, request);
  },
});

/** The n-th answer of the loop: the n-th card of the deck just fetched; past its end, the loop starts over. */
const loopAnswer = (workload: Workload, n: number): Request => ({
  method: 'PUT',
  setupRequest: (request: Request, context: LoopContext) => {
    const card = context.cards?.[n];
    if (!card || !context.practice) return null;
    return answerRequest(card, context.practice.authorization, workload, request);
  },
});

export type Load = 'health' | 'deck' | 'answer' | 'loop' | 'search' | 'browse';
export const describeLoad: Record<Load, string> = {
  health: 'GET /api/health',
  deck: 'deck: GET /api/card/card-text/?category_id&quantity=20',
  answer: 'answer: PUT /api/card/card-text/{id}/',
  loop: `loop: 1 deck + up to ${DECK_SIZE} answers`,
  search: 'catalog search: GET /api/card/market-public/?search_value',
  browse: 'catalog page: GET /api/card/market-public/?language&topic&order&page',
};

/** GETs of the given paths in turn (the catalog's loads), without signing in. */
const rotatingGet = (paths: string[]): Request => {
  let next = 0;
  return {
    method: 'GET',
    setupRequest: (request: Request) => ({
      ...request,
      path: paths[next++ % paths.length]!,
      headers: { accept: 'application/json' },
    }),
  };
};

const requestsOf = (load: Load, workload: Workload, paths: string[] = []): Request[] => {
  switch (load) {
    case 'search':
    case 'browse':
      return [rotatingGet(paths)];
    case 'health':
      return [healthRequest()];
    case 'deck':
      return [deckRequest(workload, false)];
    case 'answer':
      return [knownCardAnswer(workload)];
    case 'loop':
      return [
        deckRequest(workload, true),
        ...Array.from({ length: DECK_SIZE }, (_, n) => loopAnswer(workload, n)),
      ];
  }
};

export type KindStats = { count: number; failed: number; rps: number; p50: number; p99: number };
/**
 * How a fixed rate is paced. autocannon gives each connection its share of the second, sent back to back
 * when the second starts. `spread`: each connection starts its second 1/connections of a second after the
 * previous one, so that the requests arrive spread over the second, as they would from many people.
 * `burst`: every connection starts its second at the same moment, so each second begins with all the
 * connections' requests in flight at once, as when many people press at the same instant.
 */
export type Pacing = 'spread' | 'burst';

export type PhaseResult = {
  load: Load;
  rate: number | undefined;
  pacing?: Pacing;
  connections: number;
  seconds: number;
  total: KindStats;
  kinds: Partial<Record<Kind, KindStats>>;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  /** The machine's one-minute load average at the end of the phase. */
  loadAverage?: number;
  /** CPU time the server (when the bench started it) used per successful request, in microseconds. */
  serverCpuMicros?: number;
};

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

export const statsOf = (latencies: number[], failed: number, seconds: number): KindStats => {
  const sorted = Float64Array.from(latencies).sort();
  return {
    count: latencies.length,
    failed,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
};

const kindOf = (load: Load, method: string | undefined): Kind =>
  load === 'health'
    ? 'health'
    : load === 'search' || load === 'browse'
      ? 'catalog'
      : load === 'deck' || method === 'GET'
        ? 'deck'
        : 'answer';

/**
 * Runs one load for `seconds`, as fast as the connections go or at a fixed overall rate. Latencies are
 * those of successful (2xx) responses, kept per kind of call; failures are counted apart.
 *
 * autocannon paces a rate per connection and per second: each connection sends its share of the second
 * back to back, then waits for the next second. Spread pacing makes each connection of a fixed-rate load
 * its own autocannon run, started 1/connections of a second after the previous one; burst pacing is one
 * run of all the connections, whose seconds start together.
 */
export const runPhase = async (
  target: string,
  workload: Workload,
  options: {
    load: Load;
    connections: number;
    seconds: number;
    rate?: number;
    pacing?: Pacing;
    /** The paths of the catalog's loads. */
    paths?: string[];
  },
): Promise<PhaseResult> => {
  const latencies: Record<Kind, number[]> = { health: [], deck: [], answer: [], catalog: [] };
  const failed: Record<Kind, number> = { health: 0, deck: 0, answer: 0, catalog: 0 };
  const all: number[] = [];
  let failedTotal = 0;

  const start = (connections: number, rate: number | undefined, delayMs: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      setTimeout(() => {
        const instance = autocannon(
          {
            url: target,
            connections,
            duration: options.seconds,
            overallRate: rate,
            // Latencies are taken from the responses themselves (below), as they happened.
            ignoreCoordinatedOmission: rate ? true : undefined,
            timeout: 30,
            requests: requestsOf(options.load, workload, options.paths) as unknown as autocannon.Request[],
          },
          (error, finished) => (error ? reject(error) : resolve(finished)),
        );
        instance.on('response', (client, statusCode, _bytes, responseTime) => {
          const iterator = (client as unknown as { requestIterator: { currentRequest: { method?: string } } })
            .requestIterator;
          const kind = kindOf(options.load, iterator.currentRequest.method);
          if (statusCode >= 200 && statusCode < 300) {
            latencies[kind].push(responseTime);
            all.push(responseTime);
          } else {
            failed[kind]++;
            failedTotal++;
          }
        });
      }, delayMs);
    });

  const pacing = options.rate ? (options.pacing ?? 'spread') : undefined;
  const runs =
    pacing === 'spread'
      ? Array.from({ length: options.connections }, (_, i) =>
          start(
            1,
            Math.floor(options.rate! / options.connections) +
              (i < options.rate! % options.connections ? 1 : 0),
            (i * 1000) / options.connections,
          ),
        )
      : [start(options.connections, options.rate, 0)];
  const results = await Promise.all(runs);

  const seconds = results.reduce((sum, result) => sum + result.duration, 0) / results.length;
  const kinds: Partial<Record<Kind, KindStats>> = {};
  for (const kind of ['health', 'deck', 'answer', 'catalog'] as const) {
    if (latencies[kind].length > 0 || failed[kind] > 0)
      kinds[kind] = statsOf(latencies[kind], failed[kind], seconds);
  }
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
      statuses[code] = (statuses[code] ?? 0) + (count ?? 0);
  return {
    load: options.load,
    rate: options.rate,
    pacing,
    connections: options.connections,
    seconds,
    total: statsOf(all, failedTotal, seconds),
    kinds,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    statuses,
  };
};
