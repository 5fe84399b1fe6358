import { VisuallyHidden } from '@mantine/core';
import { useCallback, useState } from 'react';

/**
 * A polite live region that stays on the page while the questions change under it: what a sighted
 * student sees change and should not miss (minutes left, an answer not saved) is said once.
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
