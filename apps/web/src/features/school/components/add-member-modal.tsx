import { type RegisteredStudent, registerStudentBody } from '@flashcards/contract';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '../../../components/ui/form-error';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRegisterMember } from '../api/register-member';

/** The form's rules: the contract's, with an empty address "required" rather than "not valid". */
const addMemberForm = registerStudentBody.extend({
  email: z.string().trim().min(1).pipe(registerStudentBody.shape.email),
  is_teacher: z.boolean(),
});

/**
 * Adds one person: a new e-mail gets an account (its initial password is handed to `onAdded`), an e-mail
 * with an account joins the school with it.
 */
export function AddMemberModal({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (member: RegisteredStudent) => void;
}) {
  const { t } = useTranslation(['school', 'cards']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('add.title')}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
    >
      {opened && <AddMemberForm onCancel={onClose} onAdded={onAdded} />}
    </Modal>
  );
}

function AddMemberForm({
  onCancel,
  onAdded,
}: {
  onCancel: () => void;
  onAdded: (member: RegisteredStudent) => void;
}) {
  const { t } = useTranslation(['school', 'common']);
  const register = useRegisterMember();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: addMemberForm,
    initialValues: { first_name: '', last_name: '', email: '', is_teacher: false },
  });
  const submit = form.submit((values) => {
    setFailure(null);
    register.mutate(
      { ...values, email: values.email.trim() },
      { onSuccess: onAdded, onError: (error) => setFailure(form.showServerErrors(error)) },
    );
  });
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('add.intro')}</Text>
        <Group grow align="flex-start">
          <TextInput
            label={t('add.firstName')}
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('add.lastName')}
            autoComplete="off"
            required
            {...form.getInputProps('last_name')}
          />
        </Group>
        <TextInput
          label={t('add.email')}
          type="email"
          autoComplete="off"
          required
          {...form.getInputProps('email')}
        />
        <Checkbox
          label={t('add.teacher')}
          description={t('add.teacherHint')}
          {...form.getInputProps('is_teacher', { type: 'checkbox' })}
        />
        <FormError>{failure}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={register.isPending}>
            {t('add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
