import { Button, Group, Text } from '@mantine/core';
import { IconChalkboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { HomeSection } from './home-section';

/**
 * The way into the teaching tools for someone who has not used them: the menu shows them only once a
 * test, an exam or a path is made (docs/design.md "The home").
 */
export function TeachOthers() {
  const { t } = useTranslation('dashboard');
  return (
    <HomeSection title={t('teach.title')} icon={<IconChalkboard size={22} aria-hidden="true" />}>
      <Text size="sm">{t('teach.text')}</Text>
      <Group gap="sm">
        <Button component={Link} to={paths.learningPaths} variant="default" size="compact-md">
          {t('teach.path')}
        </Button>
        <Button component={Link} to={paths.schoolTests} variant="default" size="compact-md">
          {t('teach.test')}
        </Button>
      </Group>
    </HomeSection>
  );
}
