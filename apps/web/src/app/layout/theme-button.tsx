import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { type Icon, IconCloud, IconMoon, IconSun } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Theme, useTheme } from '../../lib/theme';

export const themeIcons: Record<Theme, Icon> = { light: IconSun, medium: IconCloud, dark: IconMoon };

/** The button of the theme menu, showing the current theme. */
export function ThemeButton(props: ActionIconProps & ComponentPropsWithoutRef<'button'>) {
  const { t } = useTranslation('shell');
  const current = useTheme();
  const CurrentIcon = themeIcons[current];
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={t('theme.current', { theme: t(`theme.${current}`) })}
      {...props}
    >
      <CurrentIcon size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
