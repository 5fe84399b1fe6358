import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SiteVideos } from '../../../components/ui/site-videos';

export function DemoVideosPage() {
  const { t } = useTranslation('pages');
  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('titles.demoVideos')}</Title>
      <Text size="lg">{t('demoVideos.intro')}</Text>
      <SiteVideos select={(site) => site.demo_videos} />
    </Stack>
  );
}
