import type { User } from '@flashcards/contract';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBulb, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AiDraft, aiDraft } from '../ai-draft';
import { defaultAiLanguage, photosDefaults, topicDefaults } from '../ai-forms';
import { FailureAlert } from './failure-alert';
import { PhotosForm } from './photos-form';
import { quotaLeft } from './quota-summary';
import { TopicForm } from './topic-form';

/** The two ways to generate, filled in with the last request when there is one. */
export function GeneratePanel({ user, draft, headingId }: { user: User; draft: AiDraft; headingId: string }) {
  const { t, i18n } = useTranslation('ai');
  const language = defaultAiLanguage(i18n.resolvedLanguage);
  const { request } = draft;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3" id={headingId} tabIndex={-1} data-panel-heading>
          {t('generate.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('generate.intro')}
        </Text>
      </Stack>
      {draft.failure && <FailureAlert message={draft.failure.message} onClose={aiDraft.dismissFailure} />}
      <Tabs defaultValue={request?.kind === 'images' ? 'photos' : 'topic'}>
        <Tabs.List mb="md">
          <Tabs.Tab value="topic" leftSection={<IconBulb size={18} aria-hidden="true" />}>
            {t('generate.fromTopic')}
          </Tabs.Tab>
          <Tabs.Tab value="photos" leftSection={<IconPhoto size={18} aria-hidden="true" />}>
            {t('generate.fromPhotos')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="topic">
          <TopicForm
            owner={user.id}
            initialValues={request?.kind === 'text' ? request.values : topicDefaults(language)}
            quotaLeft={quotaLeft(user.ai_usage, user.ai_quota.text)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="photos">
          <PhotosForm
            owner={user.id}
            initialValues={request?.kind === 'images' ? request.values : photosDefaults(language)}
            quotaLeft={quotaLeft(user.ai_image_usage, user.ai_quota.images)}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
