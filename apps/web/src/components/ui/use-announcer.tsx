import { VisuallyHidden } from '@mantine/core';
import { useCallback, useState } from 'react';

/**
 * A polite live region that stays on the page while the content changes under it, so screen readers hear
 * once what a sighted person sees change: the side a card turned to, whether a typed answer was right,
 * the minutes left of an exam, an answer not saved.
 */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => {
    // The same words twice in a row are still news: clear first, then say them.
    setMessage('');
    requestAnimationFrame(() => setMessage(text));
  }, []);
  const region = (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {message}
    </VisuallyHidden>
  );
  return { announce, region };
}

export type Announce = (text: string) => void;
