import type { LearningPathProgress } from '@flashcards/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { useSetPathTest } from '../api/path-test';
import { testDatesProblem, withOffset } from '../draft-paths';
import { PathTestFields } from './path-fields-form';

/** A moment as a `datetime-local` field holds it: the browser's local time, to the minute. */
export const localInputOf = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** The teacher attaches, changes or removes the test of a path while its student has not started it. */
export function PathTestModal({
  path,
  opened,
  onClose,
}: {
  path: LearningPathProgress;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('paths');
  const errorMessage = useErrorMessage();
  const save = useSetPathTest();
  const [value, setValue] = useState(() => ({
    start_at: path.start_at,
    test: path.test_state ? { id: path.test_state.id, name: path.test_state.name } : null,
    start_test_at: localInputOf(path.start_test_at),
    end_test_at: localInputOf(path.end_test_at),
  }));
  const close = () => {
    save.reset();
    onClose();
  };
  const submit = () =>
    save.mutate(
      {
        id: path.id,
        body: value.test
          ? {
              test: value.test.id,
              start_test_at: withOffset(value.start_test_at),
              end_test_at: withOffset(value.end_test_at),
            }
          : { test: null },
      },
      { onSuccess: close },
    );
  const fieldErrors = Object.values(fieldErrorsOf(save.error));

  return (
    <Modal opened={opened} onClose={close} title={t('testEdit.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('testEdit.text')}</Text>
        <PathTestFields
          value={value}
          onChange={(change) => setValue((current) => ({ ...current, ...change }))}
        />
        <FormError>
          {save.isError ? (fieldErrors.length > 0 ? fieldErrors.join(' ') : errorMessage(save.error)) : null}
        </FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={testDatesProblem(value) !== null}>
            {t('testEdit.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
