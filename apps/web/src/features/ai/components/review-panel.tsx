import { AI_TOPIC_MAX_LENGTH } from '@flashcards/contract';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { type AiDraft, aiDraft } from '../ai-draft';
import { saveForm } from '../ai-forms';
import { useStartGeneration } from '../use-generation';
import { type SaveValues, useSaveDraft } from '../use-save-draft';
import { DraftNameField } from './draft-name-field';
import { FailureAlert } from './failure-alert';
import { ReviewList } from './review-list';

/**
 * The generated cards before they are saved: the name to save them under, generating again from the
 * same request, the preview, discarding them, and the list to edit.
 */
export function ReviewPanel({
  owner,
  draft,
  headingId,
}: {
  owner: number;
  draft: AiDraft;
  headingId: string;
}) {
  const { t } = useTranslation(['ai', 'common']);
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const listHeadingId = useId();
  const form = useSchemaForm<SaveValues>({ schema: saveForm, initialValues: { name: draft.name } });
  const { save, saving, general } = useSaveDraft(form);
  const regenerate = useStartGeneration(owner);
  const [confirming, setConfirming] = useState<'regenerate' | 'discard' | null>(null);
  const { cards, request } = draft;

  const close = () => {
    setConfirming(null);
    regenerate.reset();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} size="h3" id={headingId} tabIndex={-1} data-panel-heading>
          {t('review.title')}
        </Title>
        <Badge size="lg" variant="light">
          {t('review.count', { count: cards.length, formatted: number(cards.length) })}
        </Badge>
      </Group>
      <Text c="dimmed" size="sm">
        {t('review.intro')}
      </Text>
      {draft.failure && <FailureAlert message={draft.failure.message} onClose={aiDraft.dismissFailure} />}

      <form ref={form.formRef} onSubmit={save(cards)} noValidate>
        <Stack gap="sm">
          <DraftNameField
            form={form}
            saving={saving}
            label={t('save.name')}
            description={t('save.nameHint', { max: AI_TOPIC_MAX_LENGTH })}
            submit={t('save.submit')}
          />
          <FormError>{general}</FormError>
        </Stack>
      </form>

      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          onClick={() => setConfirming('regenerate')}
          disabled={!request || saving}
        >
          {t('review.regenerate')}
        </Button>
        <Button
          component={Link}
          to={paths.aiCardsPreview}
          variant="default"
          leftSection={<IconEye size={18} aria-hidden="true" />}
        >
          {t('review.preview')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden="true" />}
          onClick={() => setConfirming('discard')}
          disabled={saving}
        >
          {t('review.discard')}
        </Button>
      </Group>

      <Title order={3} size="h5" id={listHeadingId}>
        {t('review.listTitle')}
      </Title>
      <ReviewList
        cards={cards}
        onEdit={aiDraft.editCard}
        onRemove={aiDraft.removeCard}
        labelledBy={listHeadingId}
      />

      <ConfirmModal
        opened={confirming === 'regenerate'}
        onClose={close}
        onConfirm={() => {
          if (request) regenerate.mutate(request, { onSuccess: () => setConfirming(null) });
        }}
        title={t('review.regenerateTitle')}
        confirmLabel={t('review.regenerateConfirm')}
        closeLabel={t('common:actions.close')}
        loading={regenerate.isPending}
        error={regenerate.isError ? errorMessage(regenerate.error) : null}
      >
        {t('review.regenerateText')}
      </ConfirmModal>
      <ConfirmModal
        opened={confirming === 'discard'}
        onClose={close}
        onConfirm={() => {
          setConfirming(null);
          aiDraft.discard();
        }}
        title={t('review.discardTitle')}
        confirmLabel={t('review.discardConfirm')}
        closeLabel={t('common:actions.close')}
        danger
      >
        {t('review.discardText', { count: cards.length, formatted: number(cards.length) })}
      </ConfirmModal>
    </Stack>
  );
}
