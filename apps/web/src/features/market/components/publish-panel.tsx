import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
  type Category,
  type MarketLanguage,
  type MarketTopic,
  marketLanguages,
  marketTopics,
} from '@flashcards/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconClockHour4, IconExternalLink, IconWorldUpload, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { catalogStatusOf } from '../../../components/catalog/market-status';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { usePublishCategory, useUnpublishCategory } from '../api/owner-actions';
import '../../../lib/market-texts';
import { CatalogStatusBadge } from '../../../components/catalog/catalog-status-badge';
import { publishForm } from '../publish-form';

/**
 * The owner's catalog controls on a category's page: its status, the rejection reason, publishing (a form
 * of the catalog fields) and removing it from the catalog.
 */
export function PublishPanel({ category }: { category: Category }) {
  const { t } = useTranslation(['market', 'cards']);
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const [publishing, setPublishing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const unpublish = useUnpublishCategory();
  const status = catalogStatusOf(category);
  const onCatalog = category.market_accessible && status !== 'notPublished';
  const noCards = category.cards_len === 0;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" align="center">
          <Group gap="sm">
            <Title order={2} size="h4" id={headingId}>
              {t('publish.heading')}
            </Title>
            <CatalogStatusBadge category={category} />
          </Group>
          <Group gap="xs">
            {status === 'published' && (
              <Button
                component={Link}
                to={generatePath(paths.marketCategory, { categoryId: String(category.id) })}
                variant="subtle"
                size="xs"
                leftSection={<IconExternalLink size={14} aria-hidden="true" />}
              >
                {t('publish.view')}
              </Button>
            )}
            {onCatalog && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconX size={14} aria-hidden="true" />}
                onClick={() => {
                  unpublish.reset();
                  setRemoving(true);
                }}
              >
                {t('publish.remove')}
              </Button>
            )}
            {status !== 'pending' && (
              <Button
                size="xs"
                leftSection={<IconWorldUpload size={14} aria-hidden="true" />}
                onClick={() => setPublishing(true)}
                disabled={noCards}
              >
                {status === 'notPublished' ? t('publish.open') : t('publish.again')}
              </Button>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {noCards && status === 'notPublished' ? t('publish.needsCards') : t(`publish.${status}Note`)}
        </Text>
        {status === 'pending' && (
          <Group gap={6} wrap="nowrap">
            <IconClockHour4 size={16} aria-hidden="true" />
            <Text size="sm">{t('publish.promise')}</Text>
          </Group>
        )}
        {status === 'rejected' && category.market_rejection_reason && (
          <Alert color="red" variant="light" title={t('publish.rejectedTitle')}>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {category.market_rejection_reason}
            </Text>
          </Alert>
        )}
      </Stack>

      <Modal
        opened={publishing}
        onClose={() => setPublishing(false)}
        title={t('publish.title')}
        radius="lg"
        size="lg"
        closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
      >
        {publishing && <PublishForm category={category} onDone={() => setPublishing(false)} />}
      </Modal>
      <ConfirmModal
        opened={removing}
        onClose={() => setRemoving(false)}
        onConfirm={() =>
          unpublish.mutate(category.id, {
            onSuccess: () => {
              toast(t('publish.removed', { name: category.name }));
              setRemoving(false);
            },
          })
        }
        title={t('publish.removeTitle')}
        confirmLabel={t('publish.removeConfirm')}
        closeLabel={t('cards:actions.close')}
        danger
        loading={unpublish.isPending}
        error={unpublish.isError ? errorMessage(unpublish.error) : null}
      >
        {t('publish.removeText', { name: category.name })}
      </ConfirmModal>
    </Paper>
  );
}

type Values = { name: string; description: string; language: string; topic: string };

const known = <T extends string>(values: readonly T[], value: string): T | '' =>
  (values as readonly string[]).includes(value) ? (value as T) : '';

function PublishForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const { t } = useTranslation(['market', 'cards', 'common']);
  const toast = useSuccessToast();
  const publish = usePublishCategory();
  const [general, setGeneral] = useState<string | null>(null);
  const form = useSchemaForm<Values>({
    schema: publishForm,
    initialValues: {
      name: category.name,
      description: category.description,
      language: known(marketLanguages, category.language),
      topic: known(marketTopics, category.topic),
    },
  });

  const submit = form.submit((values) => {
    setGeneral(null);
    publish.mutate(
      {
        id: category.id,
        name: values.name.trim(),
        description: values.description.trim(),
        language: values.language as MarketLanguage,
        topic: values.topic as MarketTopic,
      },
      {
        onSuccess: (saved) => {
          toast(t('publish.sent', { name: saved.name }));
          onDone();
        },
        onError: (error) => setGeneral(form.showServerErrors(error)),
      },
    );
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('publish.intro', { name: category.name })}</Text>
        {category.market_approvement === 'rejected' && category.market_rejection_reason && (
          <Alert color="red" variant="light" title={t('publish.rejectedTitle')}>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {category.market_rejection_reason}
            </Text>
          </Alert>
        )}
        <TextInput
          label={t('publish.name')}
          required
          maxLength={CATEGORY_NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('publish.description')}
          description={t('publish.descriptionHint')}
          required
          rows={4}
          resize="vertical"
          maxLength={CATEGORY_DESCRIPTION_MAX_LENGTH}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('publish.language')}
            placeholder={t('publish.choose')}
            required
            data={marketLanguages.map((value) => ({ value, label: t(`cards:languages.${value}`) }))}
            value={form.values.language || null}
            onChange={(value) => form.setFieldValue('language', value ?? '')}
            error={form.errors.language}
            aria-invalid={form.errors.language ? true : undefined}
          />
          <Select
            label={t('publish.topic')}
            placeholder={t('publish.choose')}
            required
            data={marketTopics.map((value) => ({ value, label: t(`cards:topics.${value}`) }))}
            value={form.values.topic || null}
            onChange={(value) => form.setFieldValue('topic', value ?? '')}
            error={form.errors.topic}
            aria-invalid={form.errors.topic ? true : undefined}
          />
        </SimpleGrid>
        <Alert variant="light" color="blue" icon={<IconClockHour4 aria-hidden="true" />}>
          {t('publish.promise')}
        </Alert>
        <FormError>{general}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={publish.isPending}>
            {t('publish.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
