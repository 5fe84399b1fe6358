import { CATEGORY_NAME_MAX_LENGTH, type CardType, type Category } from '@flashcards/contract';
import {
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCreateCategory } from '../api/create-category';
import type { CategoryList } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { CATEGORY_LANGUAGES, CATEGORY_TOPICS, categoryForm } from '../category-options';

type Values = { name: string; type_of_cards: CardType; description: string; language: string; topic: string };

/** Creates a category of the list's kinds, or edits one (then also its description, language and topic). */
export function CategoryFormModal({
  list,
  category,
  opened,
  onClose,
}: {
  list: CategoryList;
  /** The category to edit; none to create one. */
  category?: Category;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={category ? t('categoryForm.editTitle') : t('categoryForm.createTitle')}
      radius="lg"
      size={category ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {/* Mounted per opening, so the form starts from the category as it is now. */}
      {opened && <CategoryForm list={list} category={category} onDone={onClose} />}
    </Modal>
  );
}

function CategoryForm({
  list,
  category,
  onDone,
}: {
  list: CategoryList;
  category?: Category;
  onDone: () => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  const toast = useSuccessToast();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const [general, setGeneral] = useState<string | null>(null);
  const editing = Boolean(category);
  // The server keeps the type of a category that has cards; kids categories stay kids categories.
  const typeChangeable = list === 'decks' && (!category || category.cards_len === 0);

  const form = useSchemaForm<Values>({
    schema: categoryForm,
    initialValues: {
      name: category?.name ?? '',
      type_of_cards: category?.type_of_cards ?? (list === 'kids' ? 'kids' : 'text'),
      description: category?.description ?? '',
      language: category?.language ?? '',
      topic: category?.topic ?? '',
    },
  });

  const onError = (error: Error) => setGeneral(form.showServerErrors(error));

  const submit = form.submit((values) => {
    setGeneral(null);
    const name = values.name.trim();
    if (category) {
      update.mutate(
        {
          id: category.id,
          name,
          description: values.description.trim(),
          language: values.language,
          topic: values.topic,
          ...(typeChangeable ? { type_of_cards: values.type_of_cards } : {}),
        },
        {
          onSuccess: (saved) => {
            toast(t('categoryForm.saved', { name: saved.name }));
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { name, type_of_cards: values.type_of_cards },
        {
          onSuccess: (saved) => {
            toast(t('categoryForm.created', { name: saved.name }));
            onDone();
          },
          onError,
        },
      );
    }
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('categoryForm.name')}
          required
          maxLength={CATEGORY_NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        {typeChangeable && (
          <Radio.Group label={t('categoryForm.type')} {...form.getInputProps('type_of_cards')}>
            <Group gap="lg" mt={8}>
              <Radio value="text" label={t('types.text')} />
              <Radio value="picture" label={t('types.picture')} />
            </Group>
          </Radio.Group>
        )}
        {editing && !typeChangeable && list === 'decks' && (
          <Text size="sm" c="dimmed">
            {t('categoryForm.typeLocked', { type: t(`types.${form.values.type_of_cards}`) })}
          </Text>
        )}
        {editing && (
          <>
            <Textarea
              label={t('categoryForm.description')}
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Select
                label={t('categoryForm.language')}
                description={t('categoryForm.languageHint')}
                placeholder={t('categoryForm.notSet')}
                clearable
                data={CATEGORY_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
                value={form.values.language || null}
                onChange={(value) => form.setFieldValue('language', value ?? '')}
                error={form.errors.language}
              />
              <Select
                label={t('categoryForm.topic')}
                placeholder={t('categoryForm.notSet')}
                clearable
                data={CATEGORY_TOPICS.map((value) => ({ value, label: t(`topics.${value}`) }))}
                value={form.values.topic || null}
                onChange={(value) => form.setFieldValue('topic', value ?? '')}
                error={form.errors.topic}
              />
            </SimpleGrid>
          </>
        )}
        <FormError>{general}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {editing ? t('actions.save') : t('categoryForm.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
