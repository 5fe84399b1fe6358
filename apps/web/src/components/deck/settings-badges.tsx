import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import type { PracticeSettings } from './practice-settings';

/** What the session practises: learning type and mode, tags and how many cards. */
export function SettingsBadges({ settings }: { settings: PracticeSettings }) {
  const { t } = useTranslation('practice');
  const { number } = useFormatters();
  const details = [
    settings.tags.length > 0 ? t('session.tags', { tags: settings.tags.join(', ') }) : t('session.allTags'),
    ...(settings.quantity !== null
      ? [t('session.quantity', { count: settings.quantity, formatted: number(settings.quantity) })]
      : []),
    ...(settings.type === 'typing' && settings.ignoreAccents ? [t('session.accentsIgnored')] : []),
  ];
  return (
    <Group gap="xs">
      <Badge variant="light">{t(`filter.types.${settings.type}`)}</Badge>
      <Badge variant="light" color={settings.mode === 'gaming' ? 'grape' : 'gray'}>
        {t(`mode.modes.${settings.mode}`)}
      </Badge>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {details.join(' · ')}
      </Text>
    </Group>
  );
}
