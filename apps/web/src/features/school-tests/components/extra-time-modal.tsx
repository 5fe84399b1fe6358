import type { Exam } from '@flashcards/contract';
import { EXAM_MAX_EXTRA_MINUTES } from '@flashcards/contract';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { personName } from '../../../lib/person-name';
import { useExtraTime } from '../api/exams';

/** A student's extra time on one exam: minutes after the common end (0 takes it back). */
export function ExtraTimeModal({ exam, onClose }: { exam: Exam | null; onClose: () => void }) {
  const { t } = useTranslation('tests');
  // The last exam stays in the modal while it closes.
  const [shown, setShown] = useState<Exam | null>(exam);
  if (exam && exam !== shown) setShown(exam);
  return (
    <Modal
      opened={exam !== null}
      onClose={onClose}
      title={t('extra.title')}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {shown && <ExtraTimeForm key={shown.id} exam={shown} onDone={onClose} />}
    </Modal>
  );
}

/** Each exam starts from its own extra time. */
function ExtraTimeForm({ exam, onDone }: { exam: Exam; onDone: () => void }) {
  const { t } = useTranslation('tests');
  const { dateTime } = useFormatters();
  const errorMessage = useErrorMessage();
  const save = useExtraTime();
  const [minutes, setMinutes] = useState<number | ''>(exam.extra_minutes);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (minutes === '') return;
    save.mutate({ id: exam.id, minutes }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('extra.text', {
            student: personName(exam.student),
            test: exam.school_test.name,
            end: dateTime(exam.end_exam_at) ?? '',
          })}
        </Text>
        <NumberInput
          label={t('extra.minutes')}
          description={t('extra.minutesHint', { max: EXAM_MAX_EXTRA_MINUTES })}
          min={0}
          max={EXAM_MAX_EXTRA_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          required
          data-autofocus
          value={minutes}
          onChange={(next) => setMinutes(typeof next === 'number' ? next : '')}
          error={fieldErrorsOf(save.error).extra_minutes}
        />
        <FormError>
          {save.isError && !fieldErrorsOf(save.error).extra_minutes ? errorMessage(save.error) : null}
        </FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={minutes === ''}>
            {t('extra.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
