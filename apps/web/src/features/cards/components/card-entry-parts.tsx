import { CARD_TAG_MAX_LENGTH } from '@flashcards/contract';
import { Autocomplete, type AutocompleteProps, Button, Group, Kbd, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import type { useCardEntry } from './card-entry';

/**
 * The tag suggestions open above the tag field and never flip below it, where they would lie over the
 * form's buttons and take a click meant for "Add the card" as a pick.
 */
export const TAG_SUGGESTIONS = {
  comboboxProps: { position: 'top', middlewares: { flip: false, shift: true } },
  maxDropdownHeight: 180,
} as const;

const onApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * "Ctrl+Enter saves" (and, while adding, goes on to the next card), shown only where there is a keyboard
 * to press it on (a fine pointer).
 */
function EntryShortcutHint({ editing }: { editing: boolean }) {
  const { t } = useTranslation('cards');
  const keyboard = useMediaQuery('(pointer: fine)', false);
  if (!keyboard) return null;
  return (
    <Text size="xs" c="dimmed" ta="right">
      {t('cardForm.shortcutBefore')}
      <Kbd size="xs">{onApple() ? '⌘' : 'Ctrl'}</Kbd> + <Kbd size="xs">Enter</Kbd>
      {editing ? t('cardForm.shortcutAfter') : t('cardForm.shortcutAfterAdding')}
    </Text>
  );
}

/**
 * The end of a card form: the refusal that names no field, the shortcut hint, and Cancel, "Add another"
 * (only while adding) and the submit button.
 */
export function CardFormFooter({
  general,
  editing,
  saving,
  adding,
  onCancel,
  onAddAnother,
  submitLabel,
}: {
  general: ReactNode;
  /** The submit button's words where "Add the card" would not say it (several cards at once). */
  submitLabel?: string;
  /** A card is being changed, not added. */
  editing: boolean;
  /** The submit button shows its loader. */
  saving: boolean;
  /** "Add another" is disabled while an addition is under way. */
  adding: boolean;
  onCancel: () => void;
  onAddAnother: () => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  return (
    <>
      <FormError>{general}</FormError>
      <EntryShortcutHint editing={editing} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        {!editing && (
          <Button variant="light" onClick={onAddAnother} disabled={adding}>
            {t('cardForm.addAnother')}
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {submitLabel ?? (editing ? t('actions.save') : t('cardForm.add'))}
        </Button>
      </Group>
    </>
  );
}

/** The optional tag of a text or picture card, with the category's tags as suggestions. */
export function TagField({ tags, ...input }: { tags: string[] | undefined } & AutocompleteProps) {
  const { t } = useTranslation('cards');
  return (
    <Autocomplete
      label={t('cardForm.tag')}
      description={t('cardForm.tagHint')}
      data={tags ?? []}
      maxLength={CARD_TAG_MAX_LENGTH}
      {...TAG_SUGGESTIONS}
      {...input}
    />
  );
}

/** A card form: its fields, then the footer; Ctrl+Enter saves from any field. */
export function CardFormFrame({
  formRef,
  entry,
  onSubmit,
  children,
  ...footer
}: {
  formRef: RefObject<HTMLFormElement | null>;
  entry: ReturnType<typeof useCardEntry>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
} & Omit<Parameters<typeof CardFormFooter>[0], 'onAddAnother'>) {
  return (
    <form ref={formRef} onSubmit={onSubmit} onKeyDownCapture={entry.onKeyDownCapture} noValidate>
      <Stack gap="md">
        {children}
        <CardFormFooter {...footer} onAddAnother={entry.saveAndAddAnother} />
      </Stack>
    </form>
  );
}
