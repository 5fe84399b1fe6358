import { Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isTheme, setTheme, themes, useTheme } from '../../lib/theme';
import { ThemeButton, themeIcons } from './theme-button';

/** A menu of the three colour themes behind one button that shows the current one. */
export function ThemeMenu() {
  const { t } = useTranslation('shell');
  const current = useTheme();
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <ThemeButton />
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
