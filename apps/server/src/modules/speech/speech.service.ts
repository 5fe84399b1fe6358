import type { SpeechLanguage } from '@flashcards/contract';
import { LRUCache } from 'lru-cache';
import { ApiError, serviceUnavailable, throttled } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { Synthesize } from '../../lib/espeak';

/** Sounds kept in memory: the same side asked again (by this or another learner) is not spoken again. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** New texts an address may have spoken in a minute; cached ones are free. */
export const SPEECH_PER_MINUTE = 20;
/** Syntheses at once in a process (each a child process), and how many more may wait. */
const AT_ONCE = 2;
const WAITING = 32;
const MINUTE = 60_000;

/**
 * The server's voice, for browsers without one for a language: a text spoken by eSpeak NG, cached by
 * text and language, the same text asked for at once spoken once. New texts are limited per address and
 * queued per process, so the voice cannot be used to load the server.
 */
export const createSpeechService = ({
  clock,
  synthesize,
  perMinute = SPEECH_PER_MINUTE,
}: {
  clock: Clock;
  synthesize: Synthesize;
  /** New texts an address may have spoken in a minute. */
  perMinute?: number;
}) => {
  const cache = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (wav) => wav.length });
  const speaking = new Map<string, Promise<Buffer>>();
  const recent = new LRUCache<string, number[]>({ max: 10_000 });
  let running = 0;
  const queue: (() => void)[] = [];

  const turn = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= AT_ONCE) {
      if (queue.length >= WAITING) throw serviceUnavailable('speech_busy');
      await new Promise<void>((resolve) => queue.push(resolve));
    } else running++;
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };

  /** Counts a new text against the address's minute; false past the limit. */
  const allow = (address: string) => {
    const now = clock.now().getTime();
    const times = (recent.get(address) ?? []).filter((time) => time > now - MINUTE);
    if (times.length >= perMinute) return false;
    recent.set(address, [...times, now]);
    return true;
  };

  return {
    /** The text spoken in the language, as a WAV file. */
    async speak(text: string, language: SpeechLanguage, address: string): Promise<Buffer> {
      const key = `${language}\n${text}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const pending = speaking.get(key);
      if (pending) return pending;
      if (!allow(address)) throw throttled('speech_throttled');
      // Whoever asks for the same text meanwhile waits for this one, and gets its refusal alike.
      const spoken = turn(() => synthesize(text, language))
        .then((wav) => {
          cache.set(key, wav);
          return wav;
        })
        .catch((error: unknown) => {
          throw error instanceof ApiError ? error : serviceUnavailable('speech_unavailable');
        })
        .finally(() => speaking.delete(key));
      speaking.set(key, spoken);
      return spoken;
    },
  };
};

export type SpeechService = ReturnType<typeof createSpeechService>;
