import { type KeyboardEvent, type RefObject, useCallback, useMemo, useRef } from 'react';

/** Marks the field of side one, which "save and add another" focuses again. */
export const FIRST_SIDE = { 'data-first-side': true } as const;

/**
 * What the card forms share for entering many cards quickly: Ctrl+Enter (Cmd+Enter) saves from any
 * field, and "save and add another" submits the same form while telling its handler to stay open.
 */
export function useCardEntry(formRef: RefObject<HTMLFormElement | null>) {
  const another = useRef(false);

  // Caught before the fields see it, so an open suggestion list does not take the Enter as a pick.
  const onKeyDownCapture = useCallback((event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.requestSubmit();
  }, []);

  const saveAndAddAnother = useCallback(() => {
    // The submit event is handled before requestSubmit returns, so the handler reads the flag in time.
    another.current = true;
    try {
      formRef.current?.requestSubmit();
    } finally {
      another.current = false;
    }
  }, [formRef]);

  const focusFirstSide = useCallback(() => {
    formRef.current?.querySelector<HTMLElement>('[data-first-side]')?.focus();
  }, [formRef]);

  return useMemo(
    () => ({
      onKeyDownCapture,
      saveAndAddAnother,
      /** Whether the submit being handled came from "save and add another"; read it synchronously. */
      isAnother: () => another.current,
      focusFirstSide,
    }),
    [onKeyDownCapture, saveAndAddAnother, focusFirstSide],
  );
}
