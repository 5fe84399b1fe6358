import {
  LEARNING_PATH_MAX_DAILY_TARGET,
  LEARNING_PATH_MAX_DECK,
  LEARNING_PATH_NAME_MAX_LENGTH,
  type PathEditInput,
} from '@flashcards/contract';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';

/** What the Edit dialog changes of a path or an assignment. */
export type EditableFields = {
  name: string;
  start_at: string;
  end_at: string;
  daily_cards_flip_target: number;
  daily_cards_learn_target: number;
  flip_cards_volume: number;
};

const whole = (value: string | number, fallback: number) => {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(number) ? Math.round(number) : fallback;
};

/**
 * Changes the name, days and targets of a path (or of an assignment, for all its students); the students'
 * progress stays as it is.
 */
export function EditPathModal({
  id,
  initial,
  text,
  save,
  onClose,
}: {
  id: number;
  initial: EditableFields;
  text: string;
  save: UseMutationResult<unknown, Error, { id: number; body: PathEditInput }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('paths');
  const errorMessage = useErrorMessage();
  const [value, setValue] = useState<EditableFields>(() => ({
    name: initial.name,
    start_at: initial.start_at,
    end_at: initial.end_at,
    daily_cards_flip_target: initial.daily_cards_flip_target,
    daily_cards_learn_target: initial.daily_cards_learn_target,
    flip_cards_volume: initial.flip_cards_volume,
  }));
  const change = (next: Partial<EditableFields>) => setValue((current) => ({ ...current, ...next }));
  const number = (field: keyof EditableFields, min: number, max: number) => ({
    min,
    max,
    clampBehavior: 'strict' as const,
    allowDecimal: false,
    value: value[field] as number,
    onChange: (next: string | number) => change({ [field]: whole(next, min) }),
  });
  const close = () => {
    save.reset();
    onClose();
  };
  const backwards = value.end_at !== '' && value.end_at < value.start_at;
  const fieldErrors = Object.values(fieldErrorsOf(save.error));

  return (
    <Modal
      opened
      onClose={close}
      title={t('edit.title')}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id, body: { ...value, name: value.name.trim() } }, { onSuccess: close });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          <TextInput
            label={t('form.name')}
            required
            maxLength={LEARNING_PATH_NAME_MAX_LENGTH}
            value={value.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="date"
              label={t('form.startAt')}
              required
              value={value.start_at}
              onChange={(event) => change({ start_at: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('form.endAt')}
              required
              min={value.start_at}
              value={value.end_at}
              onChange={(event) => change({ end_at: event.currentTarget.value })}
              error={backwards ? t('form.endBeforeStart') : undefined}
            />
            <NumberInput
              label={t('form.flipTarget')}
              {...number('daily_cards_flip_target', 0, LEARNING_PATH_MAX_DAILY_TARGET)}
            />
            <NumberInput
              label={t('form.learnTarget')}
              {...number('daily_cards_learn_target', 0, LEARNING_PATH_MAX_DAILY_TARGET)}
            />
            <NumberInput
              label={t('form.deckSize')}
              {...number('flip_cards_volume', 1, LEARNING_PATH_MAX_DECK)}
            />
          </SimpleGrid>
          <FormError>
            {save.isError
              ? fieldErrors.length > 0
                ? fieldErrors.join(' ')
                : errorMessage(save.error)
              : null}
          </FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={backwards || value.name.trim() === ''}>
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
