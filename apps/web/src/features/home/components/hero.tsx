import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSalesShown } from '../../../lib/site';

export function Hero() {
  const { t } = useTranslation(['home', 'common']);
  const sales = useSalesShown();
  return (
    <Stack gap="lg" align="flex-start">
      <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
        {t('hero.title')}
      </Title>
      <Text size="lg" maw={640}>
        {t('hero.about')}
      </Text>
      <Group gap="md">
        <Button
          component={Link}
          to={paths.signup}
          size="lg"
          rightSection={<IconArrowRight size={20} aria-hidden="true" />}
        >
          {t('common:actions.startFree')}
        </Button>
        {sales && (
          <Button component={Link} to={paths.pricing} size="lg" variant="default">
            {t('hero.pricing')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
