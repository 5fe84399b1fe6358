import {
  type AdminSchool,
  SCHOOL_DESCRIPTION_MAX_LENGTH,
  SCHOOL_LOGO_MAX_BYTES,
  SCHOOL_MAX_SEATS,
  SCHOOL_NAME_MAX_LENGTH,
} from '@flashcards/contract';
import {
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '../../../components/ui/form-error';
import { useFormatters } from '../../../lib/format';
import { IMAGE_ACCEPT, isImageFile } from '../../../lib/image-files';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateSchool, useUpdateSchool } from '../api/save-school';
import { SchoolLogo } from './school-logo';

/** The contract's rules of a school's fields, for the form's values. */
const schoolForm = z.object({
  name: z.string().trim().min(1).max(SCHOOL_NAME_MAX_LENGTH),
  town: z.string().trim().max(SCHOOL_NAME_MAX_LENGTH),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'errors:invalid_url' }).max(500)]),
  description: z.string().trim().max(SCHOOL_DESCRIPTION_MAX_LENGTH),
  is_paid: z.boolean(),
  is_listed: z.boolean(),
  available_students: z.number().int().min(0).max(SCHOOL_MAX_SEATS),
});

/** Creates a school, or changes one (`school`), with its logo. */
export function SchoolFormModal({
  opened,
  school,
  onClose,
  onSaved,
}: {
  opened: boolean;
  school: AdminSchool | null;
  onClose: () => void;
  onSaved: (school: AdminSchool, created: boolean) => void;
}) {
  const { t } = useTranslation(['school', 'cards']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={school ? t('admin.form.editTitle', { name: school.name }) : t('admin.form.createTitle')}
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
    >
      {opened && <SchoolForm school={school} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function SchoolForm({
  school,
  onCancel,
  onSaved,
}: {
  school: AdminSchool | null;
  onCancel: () => void;
  onSaved: (school: AdminSchool, created: boolean) => void;
}) {
  const { t } = useTranslation('school');
  const { fileSize } = useFormatters();
  const create = useCreateSchool();
  const update = useUpdateSchool();
  const [failure, setFailure] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const preview = useObjectUrl(logo);
  const shownLogo = preview ?? (removeLogo ? null : (school?.logo_url ?? null));
  const form = useSchemaForm({
    schema: schoolForm,
    initialValues: {
      name: school?.name ?? '',
      town: school?.town ?? '',
      website: school?.website ?? '',
      description: school?.description ?? '',
      is_paid: school?.is_paid ?? false,
      // New schools are listed, as every school was before schools could choose.
      is_listed: school?.is_listed ?? true,
      available_students: school?.available_students ?? 0,
    },
  });

  const chooseLogo = (file: File | null) => {
    if (!file) return;
    if (!isImageFile(file)) return setLogoProblem(t('admin.form.notImage'));
    if (file.size > SCHOOL_LOGO_MAX_BYTES)
      return setLogoProblem(t('admin.form.logoTooBig', { size: fileSize(SCHOOL_LOGO_MAX_BYTES) }));
    setLogoProblem(null);
    setLogo(file);
    setRemoveLogo(false);
  };

  const submit = form.submit((values) => {
    setFailure(null);
    const fields = { ...values, website: values.website.trim() };
    const handlers = {
      onError: (error: unknown) => setFailure(form.showServerErrors(error)),
    };
    if (school)
      update.mutate(
        { id: school.id, ...fields, logo, removeLogo },
        { ...handlers, onSuccess: (saved) => onSaved(saved, false) },
      );
    else create.mutate({ ...fields, logo }, { ...handlers, onSuccess: (saved) => onSaved(saved, true) });
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('admin.form.name')}
          required
          maxLength={SCHOOL_NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('admin.form.town')}
          maxLength={SCHOOL_NAME_MAX_LENGTH}
          {...form.getInputProps('town')}
        />
        <TextInput
          label={t('admin.form.website')}
          description={t('admin.form.websiteHint')}
          type="url"
          {...form.getInputProps('website')}
        />
        <Textarea
          label={t('admin.form.description')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={SCHOOL_DESCRIPTION_MAX_LENGTH}
          {...form.getInputProps('description')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t('admin.form.seats')}
            min={0}
            max={SCHOOL_MAX_SEATS}
            allowDecimal={false}
            allowNegative={false}
            required
            {...form.getInputProps('available_students')}
          />
          <Switch
            mt={30}
            label={t('admin.form.paid')}
            description={t('admin.form.paidHint')}
            {...form.getInputProps('is_paid', { type: 'checkbox' })}
          />
        </Group>
        <Switch
          label={t('admin.form.listed')}
          description={t('admin.form.listedHint')}
          {...form.getInputProps('is_listed', { type: 'checkbox' })}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('admin.form.logo')}
          </Text>
          <Group gap="md">
            {shownLogo ? (
              <Image
                src={shownLogo}
                alt={t('admin.form.logoPreview')}
                w={72}
                h={72}
                fit="contain"
                radius="md"
              />
            ) : (
              <SchoolLogo url={null} size={72} />
            )}
            <FileButton onChange={chooseLogo} accept={IMAGE_ACCEPT}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconPhoto size={16} aria-hidden="true" />}>
                  {t('admin.form.logoPick')}
                </Button>
              )}
            </FileButton>
            {shownLogo && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => {
                  setLogo(null);
                  setRemoveLogo(true);
                }}
              >
                {t('admin.form.logoRemove')}
              </Button>
            )}
          </Group>
          {logoProblem && (
            <Text size="sm" c="red.8" role="alert">
              {logoProblem}
            </Text>
          )}
        </Stack>
        <FormError>{failure}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('admin.form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t('admin.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
