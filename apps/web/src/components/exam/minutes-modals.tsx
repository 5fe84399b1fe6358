import { EXAM_MAX_EXTRA_MINUTES, EXAM_REOPEN_MAX_MINUTES } from '@flashcards/contract';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, useErrorMessage } from '../../lib/api-errors';
import { useFormatters } from '../../lib/format';
import { personName } from '../../lib/person-name';
import { FormError } from '../ui/form-error';
import '../../lib/exam-texts';

/** The attempt a teacher mends: what the dialogs show of it. */
export type MendTarget = {
  id: number;
  test_name: string;
  student: { first_name: string; last_name: string };
  end_exam_at: string;
  extra_minutes: number;
};

/** The save of a dialog: a react-query mutation of the feature that owns the exam's queries. */
export type MinutesSave = {
  mutate: (input: { id: number; minutes: number }, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

type Kind = 'extra' | 'reopen';

/**
 * The last target stays in the dialog while it closes; a new target (another attempt, or the same one
 * changed since) starts its form afresh.
 */
function useShown(target: MendTarget | null) {
  const [shown, setShown] = useState<MendTarget | null>(target);
  if (target && (target.id !== shown?.id || target.extra_minutes !== shown.extra_minutes)) setShown(target);
  return shown;
}

function MinutesModal({
  kind,
  target,
  onClose,
  save,
}: {
  kind: Kind;
  target: MendTarget | null;
  onClose: () => void;
  save: MinutesSave;
}) {
  const { t } = useTranslation('exams');
  const shown = useShown(target);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(kind === 'extra' ? 'mend.extraTitle' : 'mend.reopenTitle')}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('mend.close') }}
    >
      {shown && (
        <MinutesForm
          key={`${shown.id}-${shown.extra_minutes}`}
          kind={kind}
          target={shown}
          save={save}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function MinutesForm({
  kind,
  target,
  save,
  onDone,
}: {
  kind: Kind;
  target: MendTarget;
  save: MinutesSave;
  onDone: () => void;
}) {
  const { t } = useTranslation('exams');
  const { dateTime } = useFormatters();
  const errorMessage = useErrorMessage();
  const extra = kind === 'extra';
  const [minutes, setMinutes] = useState<number | ''>(extra ? target.extra_minutes : 10);
  // A new form starts without the error of the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form opens
  useEffect(() => save.reset(), []);
  const field = extra ? 'extra_minutes' : 'minutes';
  const fieldError = save.isError ? fieldErrorsOf(save.error)[field] : undefined;
  const max = extra ? EXAM_MAX_EXTRA_MINUTES : EXAM_REOPEN_MAX_MINUTES;
  const values = {
    student: personName(target.student),
    test: target.test_name,
    end: dateTime(target.end_exam_at) ?? '',
    max,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (minutes === '') return;
    save.mutate({ id: target.id, minutes }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t(extra ? 'mend.extraText' : 'mend.reopenText', values)}</Text>
        <NumberInput
          label={t(extra ? 'mend.extraMinutes' : 'mend.reopenMinutes')}
          description={t(extra ? 'mend.extraMinutesHint' : 'mend.reopenMinutesHint', values)}
          min={extra ? 0 : 1}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          required
          data-autofocus
          value={minutes}
          onChange={(next) => setMinutes(typeof next === 'number' ? next : '')}
          error={fieldError}
        />
        <FormError>{save.isError && !fieldError ? errorMessage(save.error) : null}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('mend.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={minutes === ''}>
            {t(extra ? 'mend.extraSave' : 'mend.reopenSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A student's extra time on one exam: minutes after the common end (0 takes it back). */
export function ExtraTimeModal(props: { target: MendTarget | null; onClose: () => void; save: MinutesSave }) {
  return <MinutesModal kind="extra" {...props} />;
}

/** Reopens a completed attempt for at least so many minutes from now; it is graded again at its new end. */
export function ReopenExamModal(props: {
  target: MendTarget | null;
  onClose: () => void;
  save: MinutesSave;
}) {
  return <MinutesModal kind="reopen" {...props} />;
}
