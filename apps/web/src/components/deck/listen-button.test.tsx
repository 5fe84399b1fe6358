import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ListenButton } from './listen-button';

/** A browser's speech synthesis with these voices (jsdom has none of its own). */
const withSpeech = (voices: { lang: string }[]) => {
  const spoken: SpeechSynthesisUtterance[] = [];
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => voices,
    speak: (utterance: SpeechSynthesisUtterance) => spoken.push(utterance),
    cancel: () => {},
  });
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      lang = '';
      voice: unknown = null;
      constructor(readonly text: string) {}
    },
  );
  return spoken;
};

/** The sources the page's audio elements were asked to play. */
const played = () => {
  const sources: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    sources.push(this.src);
    return new Promise(() => {});
  });
  return sources;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('listening to a side', () => {
  it("speaks with the browser's voice for the language where it has one", async () => {
    const spoken = withSpeech([{ lang: 'en-US' }, { lang: 'bg-BG' }]);
    const sources = played();
    renderWithProviders(<ListenButton text="куче" language="bg" />);
    await userEvent.click(screen.getByRole('button', { name: 'Listen' }));
    expect(spoken.map((utterance) => [utterance.text, utterance.lang])).toEqual([['куче', 'bg-BG']]);
    expect(sources).toEqual([]);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it("plays the server's voice where the browser has none, showing that it is coming", async () => {
    const spoken = withSpeech([{ lang: 'en-US' }]);
    const sources = played();
    renderWithProviders(<ListenButton text="Der Hund" language="de" />);
    await userEvent.click(screen.getByRole('button', { name: 'Listen' }));
    expect(spoken).toEqual([]);
    expect(sources).toHaveLength(1);
    const url = new URL(sources[0]!);
    expect(url.pathname).toBe('/api/speech/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ text: 'Der Hund', language: 'de' });
    expect(screen.getByRole('button')).toHaveAttribute('data-listen', 'loading');
  });

  it('answers the L key', async () => {
    const spoken = withSpeech([{ lang: 'en-GB' }]);
    renderWithProviders(<ListenButton text="dog" language="en" />);
    await userEvent.keyboard('l');
    expect(spoken).toHaveLength(1);
  });
});
