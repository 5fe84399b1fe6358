import { default_w, forgetting_curve, fsrs } from 'ts-fsrs';
import { DAY } from '../src/lib/clock';
import type { LoggedReview } from '../src/modules/memory/memory-optimizer';

const MINUTE = 60_000;

// The learner of the fit test forgets faster than the defaults assume: lower initial stabilities (w0-w3),
// slower growth after a recall (w8), a steeper curve (w20).
export const LEARNER_W = [...default_w];
LEARNER_W.splice(0, 4, 0.05, 0.2, 0.5, 2.0);
LEARNER_W[8] = 1.0;
LEARNER_W[20] = 0.5;

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

/**
 * A learner whose memory follows FSRS with LEARNER_W, scheduled by the app's FSRS with the defaults:
 * 5 new cards a day, answers at a random time between 06:00 and 20:00 UTC (the same calendar day in Sofia),
 * a third of the reviews 1-3 days late, and a missed card relearned (Good) 10 minutes later.
 */
export const simulateLearner = (seed: number, cards: number, days: number) => {
  const random = mulberry32(seed);
  const memory = fsrs({ w: LEARNER_W });
  const app = fsrs();
  const start = Date.UTC(2025, 0, 6);
  const logs: LoggedReview[] = [];
  const recalledGrade = (): 2 | 3 | 4 => {
    const x = random();
    return x < 0.1 ? 2 : x < 0.9 ? 3 : 4;
  };
  for (let cardId = 1; cardId <= cards; cardId++) {
    let day = Math.floor((cardId - 1) / 5);
    let at = new Date(start + day * DAY + (6 * 60 + Math.floor(random() * 14 * 60)) * MINUTE);
    let grade: 1 | 2 | 3 | 4 = random() < 0.3 ? 1 : recalledGrade();
    let learner = memory.next_state(null, 0, grade);
    let scheduler = app.next_state(null, 0, grade);
    logs.push({ cardId, grade, reviewedAt: at });
    for (;;) {
      if (grade === 1) {
        at = new Date(at.getTime() + 10 * MINUTE);
        logs.push({ cardId, grade: 3, reviewedAt: at });
        learner = memory.next_state(learner, 0, 3);
        scheduler = app.next_state(scheduler, 0, 3);
      }
      const late = random() < 1 / 3 ? 1 + Math.floor(random() * 3) : 0;
      const elapsed = app.next_interval(scheduler.stability, 0) + late;
      day += elapsed;
      if (day >= days) break;
      at = new Date(start + day * DAY + (6 * 60 + Math.floor(random() * 14 * 60)) * MINUTE);
      grade = random() < forgetting_curve(LEARNER_W, elapsed, learner.stability) ? recalledGrade() : 1;
      logs.push({ cardId, grade, reviewedAt: at });
      learner = memory.next_state(learner, elapsed, grade);
      scheduler = app.next_state(scheduler, elapsed, grade);
    }
  }
  return logs;
};
