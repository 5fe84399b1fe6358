import { ActionIcon, Group, Menu } from '@mantine/core';
import { type Icon, IconCloud, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isTheme, setTheme, type Theme, themes, useTheme } from '../../lib/theme';

const themeIcons: Record<Theme, Icon> = { light: IconSun, medium: IconCloud, dark: IconMoon };

/** A menu of the three colour themes behind one button that shows the current one. */
export function ThemeMenu() {
  const { t } = useTranslation('shell');
  const current = useTheme();
  const CurrentIcon = themeIcons[current];
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('theme.current', { theme: t(`theme.${current}`) })}
        >
          <CurrentIcon size={20} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('theme.label')}</Menu.Label>
        <Menu.RadioGroup value={current} onChange={(value) => isTheme(value) && setTheme(value)}>
          {themes.map((theme) => {
            const ThemeIcon = themeIcons[theme];
            return (
              <Menu.RadioItem key={theme} value={theme} closeMenuOnClick>
                <Group gap="xs" wrap="nowrap">
                  <ThemeIcon size={16} aria-hidden="true" />
                  {t(`theme.${theme}`)}
                </Group>
              </Menu.RadioItem>
            );
          })}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
