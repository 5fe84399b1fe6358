/**
 * Seeds the benchmark data set into the database of DATABASE_URL, or the embedded one under DATA_DIR:
 *   npm run bench:seed -w @flashcards/server [-- --users 10000 --categories 5 --cards 20 --reset]
 */
import { parseArgs } from 'node:util';
import { benchTarget, dataSetSize, defaultShape, openBenchDatabase, seedDataSet } from './data-set';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: String(defaultShape.users) },
    categories: { type: 'string', default: String(defaultShape.categoriesPerUser) },
    cards: { type: 'string', default: String(defaultShape.cardsPerCategory) },
    reset: { type: 'boolean', default: false },
  },
});

const positive = (name: string, value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
};

const target = benchTarget();
const log = (line: string) => process.stdout.write(`${line}\n`);
log(`Seeding ${target.label}`);
const started = performance.now();
const { handle, close } = await openBenchDatabase(target);
try {
  await seedDataSet(handle, {
    shape: {
      ...defaultShape,
      users: positive('users', values.users),
      categoriesPerUser: positive('categories', values.categories),
      cardsPerCategory: positive('cards', values.cards),
    },
    reset: values.reset,
    log,
  });
  const size = await dataSetSize(handle);
  log(
    `${size.users} users, ${size.categories} categories, ${size.cards} cards in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await close();
}
