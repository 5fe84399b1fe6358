import type { Site, Video } from '@flashcards/contract';
import { AspectRatio, EmptyState, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../lib/site';
import { LoadError } from './load-error';
import { QueryState } from './query-state';

/** One of the video lists of the site data, with its loading, error and empty states. */
export function SiteVideos({ select }: { select: (site: Site) => readonly Video[] }) {
  const site = useSite();
  return (
    <QueryState
      query={site}
      loading={<Skeleton height={240} radius="md" />}
      error={(_, retry) => <LoadError onRetry={retry} />}
    >
      {(data) => <VideoGrid videos={select(data)} />}
    </QueryState>
  );
}

function VideoGrid({ videos }: { videos: readonly Video[] }) {
  const { t, i18n } = useTranslation();
  if (videos.length === 0) {
    return (
      <EmptyState icon={<IconVideo size={32} />} withIndicatorBackground description={t('videos.empty')} />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {videos.map((video) => {
        const title = i18n.resolvedLanguage === 'bg' ? video.title_bg : video.title_en;
        return (
          <Stack key={video.url} component="figure" gap="xs" m={0}>
            <AspectRatio ratio={16 / 9}>
              <iframe
                src={video.url}
                title={title}
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
              />
            </AspectRatio>
            <Text component="figcaption" fw={500}>
              {title}
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
