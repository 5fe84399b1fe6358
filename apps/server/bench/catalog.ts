/**
 * The catalog's data set and requests: 100,000 approved categories of the seeded users, 20 cards each
 * (2,000,000 cards of approved versions), with their search documents, catalog rows, adoptions and
 * ratings; and the catalog searches and filtered pages the load sends.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { bulgarianStem } from '../src/modules/market/search-text';
import { isBenchUser, type SeedLog } from './data-set';

export type CatalogShape = { categories: number; cardsPerCategory: number };
export const defaultCatalogShape: CatalogShape = { categories: 100_000, cardsPerCategory: 20 };

/**
 * The seeded catalog categories' descriptions start with `Catalog` and the data set's version (names are
 * words alone, as real names are); a data set of another version is replaced.
 */
const MARK = 'Catalog 2: ';

// Words of the cards: made of syllables and endings, so that the vocabulary is large and varied (as a real
// catalog's is): a word is in a few hundred categories rather than in a third of them, and words share few
// trigrams.
const LATIN =
  'ka lo mi ren tos bar del fin gor hul jan kel mor nat pel qua ris sut vel zor ab ed ik om uv brin clo dra fex gly hop jux kry lum nym pix quo ryz shu twa'.split(
    ' ',
  );
const CYRILLIC =
  'ка ло ми рен тос бар дел фин гор хул жан кел мор нат пел ква рис сут вел зор аб ед ик ом ув брин кло дра фекс гли хоп юкс кри лум ним пикс кво риз шу тва'.split(
    ' ',
  );
const ENGLISH_ENDINGS = ['er', 'ing', 'tion', 'ous', 'al', 'ment', 'ly', 'ist', 'ure', 'ity'];
const BULGARIAN_ENDINGS = ['ка', 'на', 'ра', 'та', 'ла', 'ва', 'ца', 'ша', 'за', 'да'];
const wordsOf = (syllables: string[], endings: string[], count: number) =>
  Array.from({ length: count }, (_, i) => {
    const a = syllables[i % 40]!;
    const b = syllables[Math.floor(i / 40) % 40]!;
    return `${a}${b}${endings[Math.floor(i / 1600) % 10]}`;
  });
const VOCABULARY = 8000;
export const englishWords = wordsOf(LATIN, ENGLISH_ENDINGS, VOCABULARY);
/** Bulgarian nouns in their base form (ending in -а), whose other forms the searches use. */
export const bulgarianWords = wordsOf(CYRILLIC, BULGARIAN_ENDINGS, VOCABULARY);
const bulgarianStems = bulgarianWords.map(bulgarianStem);
const TOPICS = ['languages', 'education', 'hobby', 'art', 'computers'];

const textArray = (values: string[]) => sql`${`{${values.map((value) => `"${value}"`).join(',')}}`}::text[]`;

const run = (handle: DatabaseHandle, query: SQL) => handle.db.execute(query);
const rowsOf = async <T>(handle: DatabaseHandle, query: SQL) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

const timed = async <T>(log: SeedLog, label: string, work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
};

const isCatalogCategory = (alias: string, current = true) =>
  sql.raw(`${alias}.description like '${current ? MARK : 'Catalog'}%'`);

/** Word k (from 1) of category `id`'s cards: the same in the cards and in the search document. */
const wordIndex = (id: SQL, k: SQL) => sql`(1 + ((${id}) * 37 + (${k}) * 101) % ${VOCABULARY})`;

export const countCatalog = async (handle: DatabaseHandle, current = true) => {
  const [row] = await rowsOf<{ total: number }>(
    handle,
    sql`select count(*)::int as total from market_listings l join categories c on c.id = l.category_id
        where ${isCatalogCategory('c', current)}`,
  );
  return row?.total ?? 0;
};

/**
 * Seeds the catalog unless it is there: one set-based statement per table (the version cards in chunks,
 * so progress shows), the authors being the seeded users.
 */
export const seedCatalog = async (
  handle: DatabaseHandle,
  { shape = defaultCatalogShape, log }: { shape?: CatalogShape; log: SeedLog },
) => {
  const present = await countCatalog(handle);
  if (present === shape.categories) {
    log(`catalog present: ${present} categories`);
    return;
  }
  const existing = await countCatalog(handle, false);
  if (existing > 0)
    await timed(log, `removed the previous catalog (${existing} categories)`, () =>
      run(handle, sql`delete from categories c where ${isCatalogCategory('c', false)}`),
    );
  // The words, once per statement (materialized, so that no row parses the arrays again).
  const vocabulary = sql`vocab as materialized (
    select ${textArray(englishWords)} as english, ${textArray(bulgarianWords)} as bulgarian,
      ${textArray(bulgarianStems)} as stems, ${textArray(TOPICS)} as topics
  )`;
  const cards = shape.cardsPerCategory;
  await timed(log, `${shape.categories} catalog categories`, () =>
    run(
      handle,
      sql`with authors as (
            select array_agg(id order by id) as ids from users where ${isBenchUser()}
          ), ${vocabulary}
          insert into categories (user_id, name, type_of_cards, description, language, topic, market_accessible,
            market_approvement, adopted, created_at, updated_at)
          select authors.ids[1 + n % cardinality(authors.ids)],
            vocab.english[1 + n * 13 % ${VOCABULARY}] || ' ' || vocab.english[1 + n * 29 % ${VOCABULARY}],
            'text', ${MARK} || 'words of ' || vocab.english[1 + n * 17 % ${VOCABULARY}] || ' and ' || vocab.bulgarian[1 + n * 19 % ${VOCABULARY}],
            (case when n % 3 = 0 then 'bg' else 'en' end), vocab.topics[1 + n % 5], true, 'approved',
            (n * 7919) % 500, now() - make_interval(mins => n), now() - make_interval(mins => n)
          from authors, vocab, generate_series(1, ${shape.categories}) as n`,
    ),
  );
  const k = sql.raw('k');
  await timed(log, `${shape.categories} approved versions with their search documents`, () =>
    run(
      handle,
      sql`with ${vocabulary}
          insert into market_versions (category_id, number, name, description, language, topic, type_of_cards,
            approved_at, revision, cards_count, search)
          select c.id, 1, c.name, c.description, c.language, c.topic, 'text', c.created_at, 0, ${cards},
            to_tsvector('english', c.name || ' ' || c.description || ' ' || w.english)
              || to_tsvector('simple', w.stems)
          from categories c
          cross join vocab
          cross join lateral (
            select string_agg(vocab.english[${wordIndex(sql`c.id`, k)}] || ' ' || vocab.bulgarian[${wordIndex(sql`c.id`, k)}], ' ') as english,
              string_agg(vocab.stems[${wordIndex(sql`c.id`, k)}], ' ') as stems
            from generate_series(1, ${cards}) as k
          ) as w
          where ${isCatalogCategory('c')}`,
    ),
  );
  const [range] = await rowsOf<{ low: number; high: number }>(
    handle,
    sql`select min(v.id) as low, max(v.id) as high from market_versions v join categories c on c.id = v.category_id
        where ${isCatalogCategory('c')}`,
  );
  const step = Math.max(1, Math.floor(200_000 / cards));
  await timed(log, `${shape.categories * cards} cards of approved versions`, async () => {
    for (let low = range!.low; low <= range!.high; low += step) {
      const high = Math.min(range!.high, low + step - 1);
      await run(
        handle,
        sql`with ${vocabulary}
            insert into market_version_cards (version_id, source_card_id, first_side, second_side, tag, position)
            select v.id, v.id * 100 + k, vocab.english[${wordIndex(sql`v.category_id`, k)}],
              vocab.bulgarian[${wordIndex(sql`v.category_id`, k)}], (case k % 4 when 0 then 'nouns' else '' end), k - 1
            from market_versions v cross join vocab cross join generate_series(1, ${cards}) as k
            where v.id between ${low} and ${high}
            order by v.id, k`,
      );
    }
  });
  await timed(log, 'catalog rows, with adoptions and ratings', async () => {
    await run(
      handle,
      sql`update categories c set market_version_id = v.id from market_versions v
          where v.category_id = c.id and ${isCatalogCategory('c')}`,
    );
    await run(
      handle,
      sql`insert into market_listings (category_id, user_id, version_id, language, topic, approved_at, adopted,
            ratings_count, rating_sum, rating)
          select c.id, c.user_id, v.id, v.language, v.topic, v.approved_at, c.adopted, c.id % 7,
            (c.id % 7) * (1 + c.id % 5), case when c.id % 7 = 0 then null else (1 + c.id % 5)::float8 end
          from categories c join market_versions v on v.id = c.market_version_id
          where ${isCatalogCategory('c')}`,
    );
  });
  await timed(log, 'analyze', () => run(handle, sql`analyze`));
};

const LANGUAGES = ['en', 'bg'];
const ORDERS = ['most_download', 'last_update', 'top_rate'];

/**
 * Catalog searches as people type them: an English word of the cards, a Bulgarian one in another form
 * (plural, with the article), a misspelt name, two words, with a filter now and then.
 */
export const searchPaths = (count = 2000) =>
  Array.from({ length: count }, (_, i) => {
    const word = (i * 7919) % VOCABULARY;
    const kind = i % 4;
    const stem = bulgarianWords[word]!.slice(0, -1);
    const search =
      kind === 0
        ? englishWords[word]!
        : kind === 1
          ? `${stem}ите`
          : kind === 2
            ? misspelt(englishWords[(i * 13) % VOCABULARY]!)
            : `${englishWords[word]} ${stem}и`;
    const filter = i % 5 === 0 ? `&language=${LANGUAGES[i % 2]}` : '';
    return `/api/card/market-public/?search_value=${encodeURIComponent(search)}${filter}`;
  });

/** Two letters swapped, as a typing slip does. */
const misspelt = (word: string) => `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;

/** Filtered, ordered pages of the catalog, the first pages most often. */
export const browsePaths = (count = 2000) =>
  Array.from({ length: count }, (_, i) => {
    const page = 1 + (i % 10 === 0 ? i % 50 : i % 3);
    const parts = [`${ORDERS[i % 3]}=true`, `page=${page}`];
    if (i % 2 === 0) parts.push(`language=${LANGUAGES[(i >> 1) % 2]}`);
    if (i % 3 === 0) parts.push(`topic=${TOPICS[i % 5]}`);
    return `/api/card/market-public/?${parts.join('&')}`;
  });
