import { cardPlainText, type KidsCard } from '@flashcards/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserSpeech, speechLanguage, voiceFor } from '../../../lib/speech';

const canSpeak = () => browserSpeech() !== undefined;

/**
 * Says a kids card's word: its recorded sound when it has one, else the browser's speech synthesis in the
 * card's language. One word at a time.
 */
export function useVoice() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    browserSpeech()?.cancel();
    setPlaying(null);
  }, []);

  /** False when the card has no sound and the browser cannot speak. */
  const play = useCallback(
    (card: KidsCard) => {
      stop();
      const done = () => setPlaying((current) => (current === card.id ? null : current));
      if (card.audio_url) {
        const sound = new Audio(card.audio_url);
        audio.current = sound;
        sound.addEventListener('ended', done);
        sound.addEventListener('error', done);
        sound.play().catch(done);
      } else if (canSpeak()) {
        const utterance = new SpeechSynthesisUtterance(cardPlainText(card.second_side));
        utterance.lang = speechLanguage(card.language);
        const voice = voiceFor(window.speechSynthesis.getVoices(), utterance.lang);
        if (voice) utterance.voice = voice;
        utterance.onend = done;
        utterance.onerror = done;
        window.speechSynthesis.speak(utterance);
      } else return false;
      setPlaying(card.id);
      return true;
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { play, stop, playing, canSpeak: canSpeak() };
}
