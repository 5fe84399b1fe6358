import { Kbd, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * The tag suggestions open above the tag field and never flip below it, where they would lie over the
 * form's buttons and take a click meant for "Add the card" as a pick.
 */
export const TAG_SUGGESTIONS = {
  comboboxProps: { position: 'top', middlewares: { flip: false, shift: true } },
  maxDropdownHeight: 180,
} as const;

const onApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** "Ctrl+Enter saves", shown only where there is a keyboard to press it on (a fine pointer). */
export function EntryShortcutHint() {
  const { t } = useTranslation('cards');
  const keyboard = useMediaQuery('(pointer: fine)', false);
  if (!keyboard) return null;
  return (
    <Text size="xs" c="dimmed" ta="right">
      {t('cardForm.shortcutBefore')}
      <Kbd size="xs">{onApple() ? '⌘' : 'Ctrl'}</Kbd> + <Kbd size="xs">Enter</Kbd>
      {t('cardForm.shortcutAfter')}
    </Text>
  );
}
