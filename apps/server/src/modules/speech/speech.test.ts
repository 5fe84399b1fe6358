import type { SpeechLanguage } from '@flashcards/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createManualClock } from '../../lib/clock';
import { espeakSynthesize } from '../../lib/espeak';
import { createSpeechService, SPEECH_PER_MINUTE } from './speech.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const speech = (query: string) => t.app.inject({ method: 'GET', url: `/api/speech/?${query}` });

/** The real voice, its calls counted. */
const countedVoice = () => {
  const calls: string[] = [];
  return {
    calls,
    synthesize: (text: string, voice: string) => {
      calls.push(text);
      return espeakSynthesize(text, voice);
    },
  };
};

describe('the server voice', () => {
  it('speaks a side in its language as a WAV file anyone may fetch and cache', async () => {
    const response = await speech(`text=${encodeURIComponent('Здравей, свят')}&language=bg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const wav = response.rawPayload;
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
    // A second of speech or so: 16-bit samples at eSpeak's 22,050 Hz.
    expect(wav.length).toBeGreaterThan(22_050);
  });

  it('reads a text that looks like an option as text', async () => {
    const response = await speech(`text=${encodeURIComponent('-w /tmp/x --voices')}&language=en`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('refuses a language it has no voice for, an empty text and one longer than a side', async () => {
    expect((await speech('text=hello&language=xx')).json()).toEqual({
      language: ['"xx" is not a valid choice.'],
    });
    expect((await speech('text=%20&language=en')).statusCode).toBe(400);
    expect((await speech(`text=${'a'.repeat(1001)}&language=en`)).json()).toHaveProperty('text');
  });

  it('speaks a text once: asked again, or many times at once, it comes from the cache', async () => {
    const voice = countedVoice();
    const service = createSpeechService({ clock: createManualClock(), synthesize: voice.synthesize });
    const first = await service.speak('one', 'en', '10.0.0.1');
    const again = await Promise.all(Array.from({ length: 10 }, () => service.speak('one', 'en', '10.0.0.2')));
    expect(again.every((wav) => wav.equals(first))).toBe(true);
    const together = await Promise.all(
      Array.from({ length: 10 }, () => service.speak('two', 'en', '10.0.0.3')),
    );
    expect(new Set(together).size).toBe(1);
    expect(voice.calls).toEqual(['one', 'two']);
    // The language is part of what is cached.
    await service.speak('one', 'bg', '10.0.0.1');
    expect(voice.calls).toEqual(['one', 'two', 'one']);
  });

  it('answers 503 to everyone waiting for a text the voice could not speak, and tries again later', async () => {
    const voice = countedVoice();
    const service = createSpeechService({ clock: createManualClock(), synthesize: voice.synthesize });
    // eSpeak NG has no voice "xx": the real program fails.
    const unknown = 'xx' as SpeechLanguage;
    const answers = await Promise.allSettled(
      Array.from({ length: 3 }, () => service.speak('hello', unknown, '10.0.1.1')),
    );
    expect(answers.map((answer) => answer.status === 'rejected' && answer.reason.statusCode)).toEqual([
      503, 503, 503,
    ]);
    await expect(service.speak('hello', unknown, '10.0.1.1')).rejects.toMatchObject({ statusCode: 503 });
    expect(voice.calls).toEqual(['hello', 'hello']);
  });

  it('speaks a number of new texts a minute for an address, then 429 until the minute has passed', async () => {
    expect(SPEECH_PER_MINUTE).toBe(20);
    const clock = createManualClock();
    const voice = countedVoice();
    // The rule with a limit of 3, so that the test speaks 6 texts, not 23.
    const service = createSpeechService({ clock, synthesize: voice.synthesize, perMinute: 3 });
    await Promise.all(Array.from({ length: 3 }, (_, index) => service.speak(`w${index}`, 'en', '10.0.0.9')));
    await expect(service.speak('one more', 'en', '10.0.0.9')).rejects.toMatchObject({ statusCode: 429 });
    // Texts already spoken, and other addresses, are not limited.
    await service.speak('w0', 'en', '10.0.0.9');
    await service.speak('one more', 'en', '10.0.0.10');
    clock.advance(60_001);
    await service.speak('yet another', 'en', '10.0.0.9');
    expect(voice.calls).toHaveLength(5);
  }, 60_000);
});
