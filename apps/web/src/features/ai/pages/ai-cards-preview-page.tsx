import { AI_TOPIC_MAX_LENGTH } from '@flashcards/contract';
import {
  Anchor,
  Button,
  EmptyState,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconCards } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import '../ai-texts';
import { type AiDraft, useAiDraft } from '../ai-draft';
import { saveForm } from '../ai-forms';
import { AiGate } from '../components/ai-gate';
import { DraftNameField } from '../components/draft-name-field';
import { PreviewCard } from '../components/preview-card';
import { type SaveValues, useSaveDraft } from '../use-save-draft';

/** /ai-cards-preview: the generated cards as flip cards, saved under a topic (spec: AI preview). */
export function AiCardsPreviewPage() {
  return <AiGate>{(user) => <Preview owner={user.id} />}</AiGate>;
}

function BackLink() {
  const { t } = useTranslation('ai');
  return (
    <Anchor component={Link} to={paths.aiCards} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('preview.back')}
      </Group>
    </Anchor>
  );
}

function Preview({ owner }: { owner: number }) {
  const { t } = useTranslation(['ai', 'pages']);
  const draft = useAiDraft(owner);
  return (
    <Stack gap="lg">
      <BackLink />
      <Title order={1}>{t('pages:titles.aiCardsPreview')}</Title>
      {draft.cards.length === 0 ? (
        <EmptyState
          icon={<IconCards size={32} aria-hidden="true" />}
          withIndicatorBackground
          title={draft.task ? t('preview.running') : t('preview.empty')}
          description={draft.task ? t('preview.runningHint') : t('preview.emptyHint')}
        >
          <EmptyState.Actions>
            <Button component={Link} to={paths.aiCards}>
              {t('preview.toGenerate')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <PreviewCards draft={draft} />
      )}
    </Stack>
  );
}

function PreviewCards({ draft }: { draft: AiDraft }) {
  const { t } = useTranslation('ai');
  const { number } = useFormatters();
  const form = useSchemaForm<SaveValues>({ schema: saveForm, initialValues: { name: draft.name } });
  const { save, saving, general } = useSaveDraft(form);
  return (
    <>
      <Text c="dimmed">
        {t('preview.intro', { count: draft.cards.length, formatted: number(draft.cards.length) })}
      </Text>
      <form ref={form.formRef} onSubmit={save(draft.cards)} noValidate aria-busy={saving || undefined}>
        <Stack gap="sm">
          <DraftNameField
            form={form}
            saving={saving}
            label={t('preview.topic')}
            description={t('preview.topicHint', { max: AI_TOPIC_MAX_LENGTH })}
            submit={t('preview.save')}
          />
          {saving && <VisuallyHidden role="status">{t('preview.saving')}</VisuallyHidden>}
          <FormError>{general}</FormError>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        {t('preview.flipHint')}
      </Text>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="lg"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {draft.cards.map((card) => (
          <li key={card.id}>
            <PreviewCard card={card} />
          </li>
        ))}
      </SimpleGrid>
    </>
  );
}
