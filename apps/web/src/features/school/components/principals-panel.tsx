import { type AdminSchool, addPrincipalBody, type SchoolPrincipal } from '@flashcards/contract';
import { ActionIcon, Badge, Button, Collapse, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAddPrincipal, useRemovePrincipal } from '../api/principals';

const principalForm = z.object({
  email: z.string().trim().min(1).pipe(addPrincipalBody.shape.email),
  first_name: z.string().trim().max(150),
  last_name: z.string().trim().max(150),
});

const nameOf = (person: SchoolPrincipal) => `${person.first_name} ${person.last_name}`.trim() || person.email;

/** A school's principals as staff manage them: the list, removing one, adding one by e-mail. */
export function PrincipalsPanel({ school }: { school: AdminSchool }) {
  const { t } = useTranslation(['school', 'cards']);
  const headingId = useId();
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const remove = useRemovePrincipal();
  const [removing, setRemoving] = useState<SchoolPrincipal | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        {t('admin.principals.heading')}
      </Title>
      {school.principals_list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.principals.none')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {school.principals_list.map((principal) => (
            <Group component="li" key={principal.id} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text size="sm" fw={600} truncate>
                    {nameOf(principal)}
                  </Text>
                  {principal.invited && (
                    <Badge size="xs" color="#9c3b07" variant="filled">
                      {t('admin.principals.invited')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {principal.email}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => {
                  remove.reset();
                  setRemoving(principal);
                }}
                aria-label={t('admin.principals.remove', { name: nameOf(principal) })}
              >
                <IconUserMinus size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        leftSection={<IconUserPlus size={14} aria-hidden="true" />}
        onClick={() => setAdding((open) => !open)}
        aria-expanded={adding}
      >
        {t('admin.principals.add')}
      </Button>
      <Collapse expanded={adding}>
        {adding && <AddPrincipalForm schoolId={school.id} onDone={() => setAdding(false)} />}
      </Collapse>
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { schoolId: school.id, userId: removing.id },
            {
              onSuccess: () => {
                toast(t('admin.principals.removed', { name: nameOf(removing) }));
                setRemoving(null);
              },
            },
          )
        }
        title={t('admin.principals.removeTitle', { name: removing ? nameOf(removing) : '' })}
        confirmLabel={t('admin.principals.removeConfirm')}
        closeLabel={t('cards:actions.close')}
        danger
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
      >
        {t('admin.principals.removeText', { name: removing ? nameOf(removing) : '' })}
      </ConfirmModal>
    </Stack>
  );
}

function AddPrincipalForm({ schoolId, onDone }: { schoolId: number; onDone: () => void }) {
  const { t } = useTranslation('school');
  const toast = useSuccessToast();
  const add = useAddPrincipal();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: principalForm,
    initialValues: { email: '', first_name: '', last_name: '' },
  });
  const submit = form.submit((values) => {
    setFailure(null);
    add.mutate(
      { schoolId, ...values, email: values.email.trim() },
      {
        onSuccess: (principal) => {
          toast(
            principal.invited
              ? t('admin.principals.invitationSent', { email: principal.email })
              : t('admin.principals.added', { name: nameOf(principal) }),
          );
          onDone();
        },
        onError: (error) => setFailure(form.showServerErrors(error)),
      },
    );
  });
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          size="sm"
          label={t('admin.principals.email')}
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <Group grow align="flex-start" gap="xs">
          <TextInput
            size="sm"
            label={t('admin.principals.firstName')}
            {...form.getInputProps('first_name')}
          />
          <TextInput size="sm" label={t('admin.principals.lastName')} {...form.getInputProps('last_name')} />
        </Group>
        <FormError>{failure}</FormError>
        <Button type="submit" size="xs" w="fit-content" loading={add.isPending}>
          {t('admin.principals.submit')}
        </Button>
      </Stack>
    </form>
  );
}
