import { MEMORY_MIN_REVIEWS } from '@flashcards/contract';
import type { FSRSBindingItem } from '@open-spaced-repetition/binding';
import { DAY, dayIn } from '../../lib/clock';

// The native binding is loaded by the first fit, in the worker: a server whose platform lacks it still
// serves everything else.
const loadBinding = () => import('@open-spaced-repetition/binding');
type Binding = Awaited<ReturnType<typeof loadBinding>>;

/**
 * Fits a learner's own FSRS parameters to their answers (docs/design.md, "One memory model"), with
 * fsrs-rs through its Node binding. It returns 21 parameters, ts-fsrs 5's `w` (FSRS-6), and the binding's
 * defaults are ts-fsrs's `default_w`.
 */

/** One logged answer; grades are FSRS's: 1 Again, 2 Hard, 3 Good, 4 Easy. */
export type LoggedReview = { cardId: number; grade: 1 | 2 | 3 | 4; reviewedAt: Date };

/**
 * The reviews a learner needs before we fit (MEMORY_MIN_REVIEWS) are reviews FSRS predicts: each card's
 * answers on a later day than its previous answer (same-day repeats, frequent in practice, do not count).
 */

/** The share of the predicted reviews, oldest first, that the fit trains on; the newest rest is held out. */
const TRAIN_SHARE = 0.8;

type DatedItem = { at: number; item: FSRSBindingItem };

// Days since the epoch of the calendar day in the time zone, so two answers' difference is whole days.
const dayNumber = (timeZone: string, date: Date) => Date.parse(dayIn(timeZone, date)) / DAY;

const datedItemsOf = (
  { FSRSBindingItem, FSRSBindingReview }: Binding,
  logs: LoggedReview[],
  timeZone: string,
): DatedItem[] => {
  const byCard = new Map<number, LoggedReview[]>();
  for (const log of logs) {
    const card = byCard.get(log.cardId);
    if (card) card.push(log);
    else byCard.set(log.cardId, [log]);
  }
  const items: DatedItem[] = [];
  for (const answers of byCard.values()) {
    answers.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    const history: InstanceType<Binding['FSRSBindingReview']>[] = [];
    let previousDay = 0;
    for (const { grade, reviewedAt } of answers) {
      const day = dayNumber(timeZone, reviewedAt);
      const deltaT = history.length === 0 ? 0 : day - previousDay;
      history.push(new FSRSBindingReview(grade, deltaT));
      previousDay = day;
      // A same-day answer stays in the history only, as fsrs-rs's own converter does: FSRS predicts no
      // forgetting within a day, and an item without a review on a later day aborts the process (a panic
      // in fsrs-rs, not a thrown error).
      if (deltaT > 0) items.push({ at: reviewedAt.getTime(), item: new FSRSBindingItem(history.slice()) });
    }
  }
  // fsrs-rs weighs items by their position (the newest up to 4 times the oldest), so oldest first.
  return items.sort((a, b) => a.at - b.at);
};

/**
 * The binding's items for a learner's log: one per answer on a later day than its card's previous one,
 * holding the card's answers up to it, with the days between answers counted in calendar days of the
 * learner's time zone (as the learner's day of activity). Oldest answer first across cards.
 */
export const itemsOf = async (logs: LoggedReview[], timeZone: string): Promise<FSRSBindingItem[]> =>
  datedItemsOf(await loadBinding(), logs, timeZone).map(({ item }) => item);

/**
 * Fits parameters on the older 80% of the learner's predicted reviews and measures them, and the defaults,
 * on the newest 20% (a cut-off in time, so nothing of the future leaks into the fit; a held-out item keeps
 * its card's earlier answers as history, and only its last answer is scored). The returned parameters are
 * those measured; they may predict the held-out reviews worse than the defaults (too little or too odd
 * data), and the caller decides by comparing `logLoss` with `defaultLogLoss`. `reviews` counts the
 * predicted reviews; with fewer than MEMORY_MIN_REVIEWS there is no fit (null).
 *
 * The training runs on a thread of libuv's pool, so the event loop stays free; the two evaluations are
 * synchronous but take milliseconds.
 */
export const fitParameters = async (logs: LoggedReview[], timeZone: string) => {
  const binding = await loadBinding();
  const { computeParameters, FSRSBinding } = binding;
  const items = datedItemsOf(binding, logs, timeZone);
  if (items.length < MEMORY_MIN_REVIEWS) return null;
  const cut = Math.floor(items.length * TRAIN_SHARE);
  const train = items.slice(0, cut).map(({ item }) => item);
  const heldOut = items.slice(cut).map(({ item }) => item);
  // `timeout` is how often the binding polls the training's progress, and the training's end waits for
  // the poll: at its default (500 ms) every fit takes at least half a second, though ours train in ~50 ms.
  const parameters = await computeParameters(train, { enableShortTerm: true, timeout: 10 });
  const fitted = new FSRSBinding(parameters).evaluate(heldOut);
  const defaults = new FSRSBinding().evaluate(heldOut);
  return {
    parameters,
    logLoss: fitted.logLoss,
    rmseBins: fitted.rmseBins,
    defaultLogLoss: defaults.logLoss,
    defaultRmseBins: defaults.rmseBins,
    reviews: items.length,
  };
};
