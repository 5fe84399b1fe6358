import { languages } from '@flashcards/i18n';
import { Button, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';

/** EN and BG toggle buttons; the active language is bold and pressed. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation(['shell', 'common']);
  return (
    <Group gap={2} role="group" aria-label={t('topBar.language')} wrap="nowrap">
      {languages.map((language) => {
        const active = i18n.resolvedLanguage === language;
        return (
          <Button
            key={language}
            variant={active ? 'light' : 'subtle'}
            size="compact-sm"
            fw={active ? 800 : 400}
            aria-pressed={active}
            lang={language}
            onClick={() => changeLanguage(language)}
          >
            {t(`common:languages.${language}.code`)}
            <VisuallyHidden>{t(`common:languages.${language}.name`)}</VisuallyHidden>
          </Button>
        );
      })}
    </Group>
  );
}
