import {
  EXAM_MAX_TIME_LIMIT_MINUTES,
  type ExamAssignment,
  type ExamAssignmentEditInput,
} from '@flashcards/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useUpdateExamAssignment } from '../api/exam-assignments';
import { isoToLocal, localToIso } from '../exam-body';

type EditDraft = {
  start: string;
  end: string;
  timeLimit: number | '';
  shuffle: boolean;
  leaveCompletes: boolean;
  resultsAfterEnd: boolean;
};

const draftOf = (assignment: ExamAssignment): EditDraft => ({
  start: isoToLocal(new Date(assignment.start_exam_at)),
  end: isoToLocal(new Date(assignment.end_exam_at)),
  timeLimit: assignment.time_limit_minutes ?? '',
  shuffle: assignment.shuffle_questions,
  leaveCompletes: assignment.leave_completes,
  resultsAfterEnd: assignment.show_results_after_end,
});

const validLimit = (value: number | '') =>
  value === '' || (Number.isInteger(value) && value >= 1 && value <= EXAM_MAX_TIME_LIMIT_MINUTES);

/**
 * The fields that changed, as the PATCH takes them: a field left out stays, so an exam already over can
 * still change whether its results wait for the end without its end being sent again. Once a student has
 * started (`locked`), only the end and the results' rule are sent.
 */
function editBody(initial: EditDraft, value: EditDraft, locked: boolean): ExamAssignmentEditInput {
  const body: ExamAssignmentEditInput = {};
  const end = localToIso(value.end);
  const start = localToIso(value.start);
  if (end && value.end !== initial.end) body.end_at = end;
  if (value.resultsAfterEnd !== initial.resultsAfterEnd) body.show_results_after_end = value.resultsAfterEnd;
  if (locked) return body;
  if (start && value.start !== initial.start) body.start_at = start;
  if (value.timeLimit !== initial.timeLimit)
    body.time_limit_minutes = value.timeLimit === '' ? null : value.timeLimit;
  if (value.shuffle !== initial.shuffle) body.shuffle_questions = value.shuffle;
  if (value.leaveCompletes !== initial.leaveCompletes) body.leave_completes = value.leaveCompletes;
  return body;
}

/**
 * The Edit dialog of an exam given to a class or a group: its window and options, for all its students.
 * Once a student has started, the start and the attempt's rules are shown but cannot change, and the
 * dialog says why.
 */
export function EditExamAssignmentModal({
  assignment,
  onClose,
}: {
  assignment: ExamAssignment;
  onClose: () => void;
}) {
  const { t } = useTranslation('tests');
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const save = useUpdateExamAssignment();
  const [initial] = useState(() => draftOf(assignment));
  const [value, setValue] = useState(initial);
  const [tried, setTried] = useState(false);
  const locked = assignment.started_count > 0;
  const change = (next: Partial<EditDraft>) => setValue((current) => ({ ...current, ...next }));
  const serverErrors = fieldErrorsOf(save.error);
  const onFields = ['start_at', 'end_at', 'time_limit_minutes'].some((field) => serverErrors[field]);

  const start = localToIso(value.start);
  const end = localToIso(value.end);
  const problems = {
    start: !start ? t('assign.problems.start') : undefined,
    end: !end
      ? t('assign.problems.end')
      : start && Date.parse(end) <= Date.parse(start)
        ? t('assign.problems.endBeforeStart')
        : undefined,
    timeLimit: validLimit(value.timeLimit)
      ? undefined
      : t('assign.problems.timeLimit', { max: EXAM_MAX_TIME_LIMIT_MINUTES }),
  };
  const shown = (problem: string | undefined) => (tried ? problem : undefined);

  const close = () => {
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.start || problems.end || problems.timeLimit) return;
    const body = editBody(initial, value, locked);
    if (Object.keys(body).length === 0) return close();
    save.mutate(
      { id: assignment.id, body },
      {
        onSuccess: () => {
          toast(t('assignments.edit.saved'));
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={close}
      title={t('assignments.edit.title')}
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('assignments.edit.text', { target: assignment.target.name })}</Text>
          {locked && (
            <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />}>
              {t('assignments.edit.started', {
                count: assignment.started_count,
                formatted: number(assignment.started_count),
              })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={t('assign.start')}
              description={t('assign.timeZone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
              required
              disabled={locked}
              value={value.start}
              onChange={(event) => change({ start: event.currentTarget.value })}
              error={shown(problems.start) ?? serverErrors.start_at}
              data-autofocus={locked ? undefined : true}
            />
            <TextInput
              type="datetime-local"
              label={t('assign.end')}
              description={t('assign.endHint')}
              required
              min={value.start || undefined}
              value={value.end}
              onChange={(event) => change({ end: event.currentTarget.value })}
              error={shown(problems.end) ?? serverErrors.end_at}
              data-autofocus={locked ? true : undefined}
            />
          </SimpleGrid>
          <NumberInput
            label={t('assign.timeLimit')}
            description={t('assign.timeLimitHint')}
            placeholder={t('assign.timeLimitNone')}
            min={1}
            max={EXAM_MAX_TIME_LIMIT_MINUTES}
            allowDecimal={false}
            allowNegative={false}
            disabled={locked}
            value={value.timeLimit}
            onChange={(next) => change({ timeLimit: typeof next === 'number' ? next : '' })}
            error={shown(problems.timeLimit) ?? serverErrors.time_limit_minutes}
            maw={280}
          />
          <Switch
            label={t('assign.leaveCompletes')}
            description={t('assign.leaveCompletesHint')}
            disabled={locked}
            checked={value.leaveCompletes}
            onChange={(event) => change({ leaveCompletes: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('assign.shuffle')}
            disabled={locked}
            checked={value.shuffle}
            onChange={(event) => change({ shuffle: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('assign.resultsAfterEnd')}
            description={t('assign.resultsAfterEndHint')}
            checked={value.resultsAfterEnd}
            onChange={(event) => change({ resultsAfterEnd: event.currentTarget.checked })}
          />
          <FormError>{save.isError && !onFields ? errorMessage(save.error) : null}</FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('assignments.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
