import { EXAM_MAX_TIME_LIMIT_MINUTES, type ExamAssignment } from '@flashcards/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { PeoplePicker, type PickedPerson } from '../../../components/people/people-picker';
import { FormError } from '../../../components/ui/form-error';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { useClassChoices } from '../../../lib/class-choices';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useCreateExamAssignment } from '../api/exam-assignments';
import { useCreateExams, useExamStudentSearch, useMyGroups } from '../api/exams';
import { useTestChoices } from '../api/tests';
import {
  type AssignDraft,
  type AssignProblem,
  type AssignTarget,
  assignBody,
  assignmentBody,
  assignProblems,
  isoToLocal,
} from '../exam-body';

/** The next whole hour, and an hour after it: a window the teacher usually only shifts. */
const defaultWindow = (now: Date) => {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const end = new Date(start);
  end.setHours(end.getHours() + 1);
  return { start: isoToLocal(start), end: isoToLocal(end) };
};

const freshDraft = (testId: number | null): AssignDraft => ({
  testId,
  target: 'students',
  studentIds: [],
  classId: null,
  groupId: null,
  ...defaultWindow(new Date()),
  shuffle: false,
  resultsAfterEnd: false,
  leaveCompletes: false,
  timeLimit: '',
});

type Outcome =
  | { kind: 'exams'; created: number; skipped: { name: string; reason: 'self' | 'not_reached' }[] }
  | { kind: 'assignment'; assignment: ExamAssignment };

const targets: AssignTarget[] = ['students', 'class', 'group'];
/** The body field each choice of "To whom" shows its refusal on. */
const targetFields = { students: 'student', class: 'school_class', group: 'user_group' } as const;

/**
 * Giving a test as an exam: the test (fixed when opened from a test, else picked), the students one by one
 * or a class or one of my groups, the window in the user's own time, and the options. Students get their
 * exams at once and the answer says how many were made and who was left out, and why; a class or a group
 * gets one assignment that follows who is in it, and the answer links to its page.
 */
export function AssignExamModal({
  opened,
  onClose,
  test,
}: {
  opened: boolean;
  onClose: () => void;
  /** The test being given; without it the modal offers my tests. */
  test?: { id: number; name: string } | null;
}) {
  const { t } = useTranslation('tests');
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const create = useCreateExams();
  const createAssignment = useCreateExamAssignment();
  const choices = useTestChoices(opened && !test);
  const [draft, setDraft] = useState<AssignDraft>(() => freshDraft(test?.id ?? null));
  const classes = useClassChoices(opened && draft.target === 'class');
  const groups = useMyGroups(opened);
  const [students, setStudents] = useState<PickedPerson[]>([]);
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const testId = test?.id ?? draft.testId;
  const full: AssignDraft = { ...draft, testId, studentIds: students.map((student) => student.id) };
  const problems = assignProblems(full);
  const sending = draft.target === 'students' ? create : createAssignment;
  const serverErrors = fieldErrorsOf(sending.error);
  // A refusal naming a field shows on it; the rest shows above the buttons.
  const onFields = [
    ...(test ? [] : ['school_test']),
    targetFields[draft.target],
    'start_at',
    'end_at',
    'time_limit_minutes',
  ].some((field) => serverErrors[field]);
  const problemText = (problem: AssignProblem) =>
    tried && problems.includes(problem)
      ? t(`assign.problems.${problem}`, { max: EXAM_MAX_TIME_LIMIT_MINUTES })
      : undefined;
  const change = (next: Partial<AssignDraft>) => setDraft((current) => ({ ...current, ...next }));

  const reset = () => {
    setDraft(freshDraft(test?.id ?? null));
    setStudents([]);
    setTried(false);
    setOutcome(null);
    create.reset();
    createAssignment.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (draft.target !== 'students') {
      const body = assignmentBody(full);
      if (body)
        createAssignment.mutate(body, {
          onSuccess: (assignment) => setOutcome({ kind: 'assignment', assignment }),
        });
      return;
    }
    const body = assignBody(full);
    if (!body) return;
    const names = new Map<number, string>();
    for (const student of students) names.set(student.id, personName(student));
    create.mutate(body, {
      onSuccess: (result) =>
        setOutcome({
          kind: 'exams',
          created: result.created.length,
          skipped: result.skipped.map(({ student, reason }) => ({
            name: names.get(student) ?? t('assign.someone', { id: student }),
            reason,
          })),
        }),
    });
  };

  const classData = (classes.data ?? []).map((schoolClass) => ({
    value: String(schoolClass.id),
    label: t('assign.classOption', {
      name: schoolClass.name,
      year: schoolClass.school_year,
      count: schoolClass.students,
    }),
  }));
  const groupData = (groups.data ?? []).map((group) => ({
    value: String(group.id),
    label: t('assign.groupOption', { name: group.name, count: group.members_count }),
  }));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={test ? t('assign.titleOf', { name: test.name }) : t('assign.title')}
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {outcome?.kind === 'assignment' ? (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            icon={<IconCheck aria-hidden="true" />}
            title={t('assign.doneTitle')}
          >
            {t('assign.givenTo', {
              target: outcome.assignment.target.name,
              count: outcome.assignment.students_count,
              formatted: number(outcome.assignment.students_count),
            })}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={reset}>
              {t('assign.again')}
            </Button>
            <Button
              variant="light"
              component={Link}
              to={generatePath(paths.examAssignment, { assignmentId: String(outcome.assignment.id) })}
              onClick={close}
              rightSection={<IconArrowRight size={18} aria-hidden="true" />}
            >
              {t('assign.openAssignment')}
            </Button>
            <Button onClick={close} data-autofocus>
              {t('actions.close')}
            </Button>
          </Group>
        </Stack>
      ) : outcome ? (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            icon={<IconCheck aria-hidden="true" />}
            title={t('assign.doneTitle')}
          >
            {t('assign.done', { count: outcome.created, formatted: number(outcome.created) })}
          </Alert>
          {outcome.skipped.length > 0 && (
            <Alert color="orange" variant="light">
              {/* The title in the body's colour: the alert's own orange title is too light to read. */}
              <Text fw={700} mb={4}>
                {t('assign.skippedTitle', { count: outcome.skipped.length })}
              </Text>
              <List size="sm">
                {outcome.skipped.map(({ name, reason }) => (
                  <List.Item key={name}>
                    <Text span size="sm" fw={600}>
                      {name}
                    </Text>
                    {': '}
                    {t(`assign.skipped.${reason}`)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              {t('assign.again')}
            </Button>
            <Button onClick={close} data-autofocus>
              {t('actions.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {!test && (
              <Select
                label={t('assign.test')}
                placeholder={choices.isPending ? t('assign.loadingTests') : t('assign.testPlaceholder')}
                data={(choices.data ?? []).map((choice) => ({
                  value: String(choice.id),
                  label: t('assign.testOption', {
                    name: choice.name,
                    count: choice.questions_count,
                    points: number(choice.total_score),
                  }),
                }))}
                nothingFoundMessage={t('assign.noTests')}
                searchable
                required
                value={draft.testId === null ? null : String(draft.testId)}
                onChange={(value) => change({ testId: value ? Number(value) : null })}
                error={
                  problemText('test') ??
                  serverErrors.school_test ??
                  (choices.isError ? errorMessage(choices.error) : undefined)
                }
              />
            )}
            <Radio.Group
              label={t('assign.whom')}
              value={draft.target}
              onChange={(value) =>
                change({ target: targets.find((target) => target === value) ?? 'students' })
              }
            >
              <Group gap="lg" mt="xs">
                <Radio value="students" label={t('assign.toStudents')} />
                <Radio value="class" label={t('assign.toClass')} />
                <Radio value="group" label={t('assign.toGroup')} />
              </Group>
            </Radio.Group>
            {draft.target === 'students' && (
              <PeoplePicker
                useSearch={useExamStudentSearch}
                chosen={students}
                onChange={setStudents}
                error={problemText('students') ?? serverErrors.student}
              />
            )}
            {draft.target === 'class' && (
              <Select
                label={t('assign.class')}
                placeholder={classes.isPending ? t('assign.loadingClasses') : t('assign.classPlaceholder')}
                description={t('assign.follows')}
                data={classData}
                nothingFoundMessage={t('assign.noClasses')}
                required
                value={draft.classId === null ? null : String(draft.classId)}
                onChange={(value) => change({ classId: value ? Number(value) : null })}
                error={
                  problemText('class') ??
                  serverErrors.school_class ??
                  (classes.isError ? errorMessage(classes.error) : undefined)
                }
              />
            )}
            {draft.target === 'group' && (
              <Select
                label={t('assign.group')}
                placeholder={groups.isPending ? t('assign.loadingGroups') : t('assign.groupPlaceholder')}
                description={t('assign.follows')}
                data={groupData}
                nothingFoundMessage={t('assign.noGroups')}
                required
                value={draft.groupId === null ? null : String(draft.groupId)}
                onChange={(value) => change({ groupId: value ? Number(value) : null })}
                error={
                  problemText('group') ??
                  serverErrors.user_group ??
                  (groups.isError ? errorMessage(groups.error) : undefined)
                }
              />
            )}
            <Title order={3} size="h5">
              {t('assign.window')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                type="datetime-local"
                label={t('assign.start')}
                description={t('assign.timeZone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
                required
                value={draft.start}
                onChange={(event) => change({ start: event.currentTarget.value })}
                error={problemText('start') ?? serverErrors.start_at}
              />
              <TextInput
                type="datetime-local"
                label={t('assign.end')}
                description={t('assign.endHint')}
                required
                min={draft.start || undefined}
                value={draft.end}
                onChange={(event) => change({ end: event.currentTarget.value })}
                error={problemText('end') ?? problemText('endBeforeStart') ?? serverErrors.end_at}
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
              value={draft.timeLimit}
              onChange={(value) => change({ timeLimit: typeof value === 'number' ? value : '' })}
              error={problemText('timeLimit') ?? serverErrors.time_limit_minutes}
              maw={280}
            />
            <Switch
              label={t('assign.leaveCompletes')}
              description={t('assign.leaveCompletesHint')}
              checked={draft.leaveCompletes}
              onChange={(event) => change({ leaveCompletes: event.currentTarget.checked })}
            />
            <Checkbox
              label={t('assign.shuffle')}
              checked={draft.shuffle}
              onChange={(event) => change({ shuffle: event.currentTarget.checked })}
            />
            <Checkbox
              label={t('assign.resultsAfterEnd')}
              description={t('assign.resultsAfterEndHint')}
              checked={draft.resultsAfterEnd}
              onChange={(event) => change({ resultsAfterEnd: event.currentTarget.checked })}
            />
            <FormError>{sending.isError && !onFields ? errorMessage(sending.error) : null}</FormError>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={sending.isPending}>
                {draft.target === 'students'
                  ? students.length > 0
                    ? t('assign.submitCount', { count: students.length, formatted: number(students.length) })
                    : t('assign.submit')
                  : t(`assign.submitTo.${draft.target}`)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
