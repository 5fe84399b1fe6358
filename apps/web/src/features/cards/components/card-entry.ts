import { type KeyboardEvent, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';

/** Marks the field of side one, which "save and add another" focuses again. */
export const FIRST_SIDE = { 'data-first-side': true } as const;

/**
 * What the card forms share for entering many cards quickly: Ctrl+Enter (Cmd+Enter) saves from any
 * field, and while adding keeps the form open for the next card as "save and add another" does, which
 * submits the same form while telling its handler to stay open.
 */
export function useCardEntry(formRef: RefObject<HTMLFormElement | null>, { adding }: { adding: boolean }) {
  const another = useRef(false);

  // Caught before the fields see it, so an open suggestion list does not take the Enter as a pick.
  const onKeyDownCapture = useCallback(
    (event: KeyboardEvent<HTMLFormElement>) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      another.current = adding;
      try {
        event.currentTarget.requestSubmit();
      } finally {
        another.current = false;
      }
    },
    [adding],
  );

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

/** The one toast of the cards added: each addition updates it. */
const ADDED_TOAST = 'cards-added';

/** What `save` hands the create or update mutation. */
export type SaveHandlers = { onSuccess: () => void; onError: (error: Error) => void };

/**
 * Saving a card form, the same for every kind: the toast, then closing, or on "save and add another"
 * starting the next card of the series (`next` values, errors cleared, side one focused); a refusal
 * marks its fields and keeps the one that names no field for the footer.
 */
export function useCardSave<Values>(
  form: SchemaForm<Values>,
  {
    editing,
    onDone,
    create,
    update,
  }: {
    editing: boolean;
    onDone: () => void;
    /** The kind's create and update mutations, whose progress the footer shows. */
    create: { isPending: boolean };
    update: { isPending: boolean };
  },
) {
  const { t } = useTranslation('cards');
  const toast = useSuccessToast();
  const entry = useCardEntry(form.formRef, { adding: !editing });
  // The cards added while the form is open: one toast counts them, rather than one toast each.
  const added = useRef(0);
  const [general, setGeneral] = useState<string | null>(null);

  const save = (
    mutate: (handlers: SaveHandlers) => void,
    { next, rename }: { next: Values; rename?: Readonly<Record<string, string>> },
  ) => {
    setGeneral(null);
    const another = !editing && entry.isAnother();
    mutate({
      onSuccess: () => {
        if (editing) toast(t('cardForm.saved'));
        else {
          added.current += 1;
          toast(t('cardForm.addedCount', { count: added.current }), { id: ADDED_TOAST });
        }
        if (!another) return onDone();
        form.setValues(next);
        form.clearErrors();
        entry.focusFirstSide();
      },
      onError: (error) => setGeneral(form.showServerErrors(error, rename)),
    });
  };

  /** What `CardFormFrame` takes from here. */
  const frame = {
    formRef: form.formRef,
    entry,
    general,
    editing,
    onCancel: onDone,
    saving: create.isPending || update.isPending,
    // "Add another" shows only while adding, when the update is never under way.
    adding: create.isPending,
  };
  return { entry, general, save, frame };
}
