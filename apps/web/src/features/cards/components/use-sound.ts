import { useCallback, useEffect, useRef, useState } from 'react';

/** Plays one sound at a time; says which one is playing. */
export function useSound() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    setPlaying(null);
  }, []);

  const play = useCallback(
    (url: string) => {
      stop();
      const next = new Audio(url);
      audio.current = next;
      setPlaying(url);
      const done = () => {
        if (audio.current === next) stop();
      };
      next.addEventListener('ended', done);
      next.addEventListener('error', done);
      next.play().catch(done);
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { play, stop, playing };
}
