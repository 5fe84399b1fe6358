import { VisuallyHidden } from '@mantine/core';
import { useCallback, useState } from 'react';

/**
 * A polite live region that stays on the page while the cards change under it, so screen readers hear
 * what a sighted learner sees change: the side a card turned to, whether a typed answer was right.
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
