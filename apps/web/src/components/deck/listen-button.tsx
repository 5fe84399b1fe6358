import type { SpeechLanguage } from '@flashcards/contract';
import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop, IconVolume } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserSpeech, serverSpeechUrl, speechLanguage, voiceFor } from '../../lib/speech';
import { useShortcuts } from './use-shortcuts';

type State = 'idle' | 'loading' | 'speaking';

/**
 * Speaks texts: with the browser's own voice for the language where it has one, else with the server's
 * (a WAV it makes and caches). One text at a time; the state says when the server's voice is still coming.
 */
export function useListen() {
  const { t } = useTranslation('practice');
  const [state, setState] = useState<State>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    browserSpeech()?.cancel();
    setState('idle');
  }, []);

  const speak = useCallback(
    (text: string, language: SpeechLanguage) => {
      stop();
      const synthesis = browserSpeech();
      const tag = speechLanguage(language);
      const voice = synthesis && voiceFor(synthesis.getVoices(), tag);
      if (synthesis && voice) {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = tag;
        utterance.voice = voice;
        utterance.onend = () => setState('idle');
        utterance.onerror = () => setState('idle');
        synthesis.speak(utterance);
        setState('speaking');
        return;
      }
      const sound = new Audio(serverSpeechUrl(text, language));
      audio.current = sound;
      const failed = () => {
        if (audio.current !== sound) return;
        setState('idle');
        notifications.show({ color: 'red', message: t('listen.failed') });
      };
      sound.addEventListener('playing', () => audio.current === sound && setState('speaking'));
      sound.addEventListener('ended', () => audio.current === sound && setState('idle'));
      sound.addEventListener('error', failed);
      // A pause before it started is not a failure.
      Promise.resolve(sound.play()).catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) failed();
      });
      setState('loading');
    },
    [stop, t],
  );

  useEffect(() => stop, [stop]);
  return { speak, stop, state };
}

/** "Listen" for the side shown: its text in its language; again to stop. L is its key while `active`. */
export function ListenButton({
  text,
  language,
  active = true,
}: {
  text: string;
  language: SpeechLanguage;
  active?: boolean;
}) {
  const { t } = useTranslation('practice');
  const { speak, stop, state } = useListen();
  // biome-ignore lint/correctness/useExhaustiveDependencies: another side or card stops what was said
  useEffect(() => stop(), [text, stop]);
  const busy = state !== 'idle';
  const toggle = () => (busy ? stop() : speak(text, language));
  useShortcuts({ l: toggle, L: toggle }, active && state !== 'loading');
  const label = busy ? t('listen.stop') : t('listen.listen');
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: false }}>
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        loading={state === 'loading'}
        onClick={toggle}
        aria-label={label}
        aria-keyshortcuts="L"
        data-listen={state}
      >
        {busy ? <IconPlayerStop size={18} aria-hidden="true" /> : <IconVolume size={18} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
