import { type Guardian, setGuardianBody } from '@flashcards/contract';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormError } from '../ui/form-error';
import { GuardianStateBadge } from './guardian-state';
import './guardian-texts';

/** The form's rules: the contract's, with an empty address "required" rather than "not valid". */
const guardianForm = z.object({
  email: z.string().trim().min(1).pipe(setGuardianBody.shape.email),
  language: z.enum(['en', 'bg']),
});
export type GuardianFields = z.infer<typeof guardianForm>;

/** A save or a removal as the modal runs it: the caller's mutation. */
type Action<T> = {
  run: (value: T, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  pending: boolean;
};

/**
 * Sets, replaces or removes a guardian's e-mail (the principal's for a student, or the student's own):
 * the address and the language of the mails; the current state beside it.
 */
export function GuardianModal({
  opened,
  onClose,
  title,
  intro,
  guardian,
  defaultLanguage,
  save,
  remove,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  guardian: Guardian | null;
  defaultLanguage: 'en' | 'bg';
  save: Action<GuardianFields>;
  remove: Action<void>;
}) {
  const { t } = useTranslation(['cards']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
    >
      {opened && (
        <GuardianForm
          intro={intro}
          guardian={guardian}
          defaultLanguage={defaultLanguage}
          save={save}
          remove={remove}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function GuardianForm({
  intro,
  guardian,
  defaultLanguage,
  save,
  remove,
  onDone,
}: {
  intro: string;
  guardian: Guardian | null;
  defaultLanguage: 'en' | 'bg';
  save: Action<GuardianFields>;
  remove: Action<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation(['guardians', 'common']);
  const languageId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: guardianForm,
    initialValues: { email: guardian?.email ?? '', language: guardian?.language ?? defaultLanguage },
  });
  const submit = form.submit((values) => {
    setFailure(null);
    save.run(
      { ...values, email: values.email.trim() },
      { onSuccess: onDone, onError: (error) => setFailure(form.showServerErrors(error)) },
    );
  });
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        {guardian && (
          <Group gap="xs">
            <GuardianStateBadge state={guardian.state} />
          </Group>
        )}
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={languageId}>
            {t('form.language')}
          </Text>
          <SegmentedControl
            aria-labelledby={languageId}
            data={[
              { value: 'bg', label: t('form.languages.bg') },
              { value: 'en', label: t('form.languages.en') },
            ]}
            {...form.getInputProps('language')}
          />
        </Stack>
        <FormError>{failure}</FormError>
        <Group justify="space-between" gap="sm">
          {guardian ? (
            <Button
              color="red"
              variant="subtle"
              loading={remove.pending}
              onClick={() =>
                remove.run(undefined, {
                  onSuccess: onDone,
                  onError: (error) => setFailure(form.showServerErrors(error)),
                })
              }
            >
              {t('form.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.pending}>
              {t('form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
