import type { AnswerKey, QuestionResponse } from '@flashcards/contract';

/** An answer as given: the letter of a single-choice question, or the response to another kind. */
export type GivenAnswer = AnswerKey | QuestionResponse;

/** Where one answer is: on its way, on the server, or waiting to be sent again. */
export type SaveState = 'saving' | 'saved' | 'retrying';

export interface AnswerQueueSnapshot {
  /** The answers given, saved or not: what the student sees chosen. */
  answers: ReadonlyMap<number, GivenAnswer>;
  /** Per question answered on this page. */
  states: ReadonlyMap<number, SaveState>;
  /** Of the whole exam: retrying when any answer is, else saving when any is on its way; null before any. */
  overall: SaveState | null;
  /** A refusal of the server (the exam was completed or its window closed): nothing more is sent. */
  refusal: unknown;
}

interface Entry {
  /** The latest answer given. */
  wanted: GivenAnswer;
  /** The answer the server has. */
  saved: GivenAnswer | null;
  inFlight: boolean;
  failed: boolean;
}

export interface AnswerQueueOptions {
  /** Saves one answer on the server. */
  send: (questionId: number, answer: GivenAnswer) => Promise<unknown>;
  /** Whether a failure is final (403, 404) rather than a lost connection or a failing server. */
  isRefusal: (error: unknown) => boolean;
  /** The answers the server already has (a resumed exam). */
  initial?: Iterable<[number, GivenAnswer]>;
}

/**
 * The answers of an exam, saved as they are given. One request per question at a time, the latest answer
 * winning: an answer changed while the previous one is on its way is sent after it. An answer given with
 * a pause (typed text) is sent once the student stops changing it for that long, or at once by `flush`
 * (leaving the field, finishing). A failed save stays waiting and is sent again by `retry` (when the
 * connection comes back), so no answer is lost. A refusal stops the queue.
 */
export class AnswerQueue {
  private readonly entries = new Map<number, Entry>();
  private readonly listeners = new Set<() => void>();
  /** The answers waiting for the student's pause, by question. */
  private readonly pauses = new Map<number, ReturnType<typeof setTimeout>>();
  private refusal: unknown = null;
  private current: AnswerQueueSnapshot;

  constructor(private readonly options: AnswerQueueOptions) {
    for (const [question, answer] of options.initial ?? [])
      this.entries.set(question, { wanted: answer, saved: answer, inFlight: false, failed: false });
    this.current = this.build();
  }

  /**
   * Records the student's answer to a question and saves it: at once, or with `pauseMs` once it has not
   * changed for that long.
   */
  give(questionId: number, answer: GivenAnswer, { pauseMs = 0 } = {}): void {
    if (this.refusal) return;
    const entry = this.entries.get(questionId);
    if (entry) {
      entry.wanted = answer;
      entry.failed = false;
    } else this.entries.set(questionId, { wanted: answer, saved: null, inFlight: false, failed: false });
    clearTimeout(this.pauses.get(questionId));
    this.pauses.delete(questionId);
    if (pauseMs > 0)
      this.pauses.set(
        questionId,
        setTimeout(() => {
          this.pauses.delete(questionId);
          this.sendIfNeeded(questionId);
        }, pauseMs),
      );
    this.changed();
    this.sendIfNeeded(questionId);
  }

  /** Sends now the answers waiting for the student's pause. */
  flush(): void {
    for (const [questionId, timer] of this.pauses) {
      clearTimeout(timer);
      this.pauses.delete(questionId);
      this.sendIfNeeded(questionId);
    }
  }

  /** Sends again every answer whose save failed. */
  retry(): void {
    for (const [questionId, entry] of this.entries) {
      if (entry.failed && !entry.inFlight) {
        entry.failed = false;
        this.sendIfNeeded(questionId);
      }
    }
    this.changed();
  }

  /** How many answers the server does not have yet. */
  unsaved(): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.saved !== entry.wanted) count++;
    return count;
  }

  /** Sends the answers waiting for a pause, and resolves once the server has every answer (or refused). */
  drained(): Promise<void> {
    this.flush();
    return new Promise((resolve) => {
      const check = () => {
        if (this.unsaved() === 0 || this.refusal) {
          this.listeners.delete(check);
          resolve();
        }
      };
      this.listeners.add(check);
      check();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): AnswerQueueSnapshot => this.current;

  private sendIfNeeded(questionId: number): void {
    const entry = this.entries.get(questionId);
    if (
      !entry ||
      entry.inFlight ||
      entry.failed ||
      this.refusal ||
      entry.saved === entry.wanted ||
      this.pauses.has(questionId)
    )
      return;
    const answer = entry.wanted;
    entry.inFlight = true;
    this.changed();
    this.options.send(questionId, answer).then(
      () => {
        entry.inFlight = false;
        entry.saved = answer;
        this.changed();
        // Changed again while this one was on its way.
        this.sendIfNeeded(questionId);
      },
      (error: unknown) => {
        entry.inFlight = false;
        if (this.options.isRefusal(error)) this.refusal = error;
        else entry.failed = true;
        this.changed();
      },
    );
  }

  private stateOf(entry: Entry): SaveState {
    if (entry.failed) return 'retrying';
    return entry.inFlight || entry.saved !== entry.wanted ? 'saving' : 'saved';
  }

  private build(): AnswerQueueSnapshot {
    const answers = new Map<number, GivenAnswer>();
    const states = new Map<number, SaveState>();
    for (const [question, entry] of this.entries) {
      answers.set(question, entry.wanted);
      states.set(question, this.stateOf(entry));
    }
    const all = [...states.values()];
    const overall = all.includes('retrying')
      ? 'retrying'
      : all.includes('saving')
        ? 'saving'
        : this.entries.size > 0
          ? 'saved'
          : null;
    return { answers, states, overall, refusal: this.refusal };
  }

  private changed(): void {
    this.current = this.build();
    for (const listener of [...this.listeners]) listener();
  }
}
