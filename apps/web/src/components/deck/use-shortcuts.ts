import { useEffect, useRef } from 'react';

/** Key names (KeyboardEvent.key) of the practice keys. */
export const keys = { space: ' ', next: 'ArrowRight', previous: 'ArrowLeft' } as const;

const FIELDS = 'input, textarea, select, [contenteditable="true"]';
/** Space presses these itself. */
const PRESSABLE = 'button, a[href], [role="button"], [role="radio"], [role="checkbox"]';

/**
 * Practice keys on the whole page (Space, digits). They stay out of the way of fields, which take every
 * key; of buttons and links, which Space presses; and of open dialogs.
 */
export function useShortcuts(handlers: Record<string, () => void>, enabled = true) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      const handler = current.current[event.key];
      if (!handler) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(FIELDS) || document.querySelector('[role="dialog"]')) return;
      if (event.key === ' ' && target?.closest(PRESSABLE)) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
