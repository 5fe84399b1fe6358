import type { ClassTeacherRole, SchoolClassDetails } from '@flashcards/contract';
import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { useErrorMessage } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { personName } from '../../../lib/person-name';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAssignTeacher, useMoveStudent, useRemoveTeacher, useSchoolClass } from '../api/classes';
import { Gradebook } from '../components/gradebook';
import { MemberPicker } from '../components/member-picker';
import '../school-texts';

type Person = { id: number; first_name: string; last_name: string; email: string };

/**
 * /school-classes/:classId: a class with its members (its school's principals also change them) and its
 * gradebook, each a tab; the gradebook is fetched, and printed, only while its tab is open.
 */
export function ClassPage() {
  const { t } = useTranslation('school');
  const id = Number(useParams().classId);
  const schoolClass = useSchoolClass(id);
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader label={t('classes.loading')} />;
  const principal = user.data?.is_organization_host ?? false;
  return (
    <QueryState query={schoolClass} loading={<PageLoader label={t('classes.loading')} />}>
      {(data) => <ClassDetails data={data} principal={principal} />}
    </QueryState>
  );
}

function ClassDetails({ data, principal }: { data: SchoolClassDetails; principal: boolean }) {
  const { t } = useTranslation('school');
  return (
    <Stack gap="lg">
      <Title order={1}>{t('classes.title', { name: data.name, year: data.school_year })}</Title>
      <Tabs defaultValue="members" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="members">{t('classes.membersTab')}</Tabs.Tab>
          <Tabs.Tab value="gradebook">{t('gradebook.heading')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          <Members data={data} principal={principal} />
        </Tabs.Panel>
        <Tabs.Panel value="gradebook" pt="md">
          <Gradebook classId={data.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Members({ data, principal }: { data: SchoolClassDetails; principal: boolean }) {
  const { t } = useTranslation('school');
  const removeTeacher = useRemoveTeacher();
  const move = useMoveStudent();
  return (
    <Stack gap="lg">
      <People
        heading={t('classes.students')}
        empty={t('classes.noStudents')}
        people={data.student_list}
        remove={
          principal
            ? (person) => ({
                label: t('classes.removeStudent', { name: personName(person) }),
                run: () => move.mutate({ studentId: person.id, classId: null }),
              })
            : undefined
        }
        add={principal ? <AddStudent classId={data.id} /> : null}
      />
      <People
        heading={t('classes.teachers')}
        empty={t('classes.noTeachers')}
        people={data.teacher_list}
        badge={(person) => t(`classes.roles.${person.role}`)}
        remove={
          principal
            ? (person) => ({
                label: t('classes.removeTeacher', { name: personName(person) }),
                run: () => removeTeacher.mutate({ id: data.id, teacherId: person.id }),
              })
            : undefined
        }
        add={principal ? <AddTeacher classId={data.id} /> : null}
      />
    </Stack>
  );
}

function People<P extends Person>({
  heading,
  empty,
  people,
  badge,
  remove,
  add,
}: {
  heading: string;
  empty: string;
  people: P[];
  badge?: (person: P) => string;
  remove?: (person: P) => { label: string; run: () => void };
  add: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {heading}
      </Title>
      {add}
      {people.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {people.map((person) => {
            const removal = remove?.(person);
            return (
              <Paper component="li" key={person.id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text fw={600} truncate>
                        {personName(person)}
                      </Text>
                      {badge && (
                        <Badge size="sm" variant="light">
                          {badge(person)}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed" truncate>
                      {person.email}
                    </Text>
                  </Stack>
                  {removal && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={removal.label}
                      onClick={removal.run}
                    >
                      <IconUserMinus size={18} aria-hidden="true" />
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** Adds a member of the school, chosen with the picker, to the class; `extra` fields go before the button. */
function AddMember({
  kind,
  label,
  pending,
  error,
  extra,
  onAdd,
}: {
  kind: 'student' | 'teacher';
  label: string;
  pending: boolean;
  error: unknown;
  extra?: ReactNode;
  /** Adds the person; `added` clears the picker once the server took it. */
  onAdd: (personId: number, added: () => void) => void;
}) {
  const { t } = useTranslation('school');
  const errorMessage = useErrorMessage();
  const [person, setPerson] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (person !== null) onAdd(Number(person), () => setPerson(null));
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm">
        <MemberPicker kind={kind} label={label} value={person} onChange={setPerson} />
        {extra}
        <Button type="submit" loading={pending} disabled={person === null}>
          {t('classes.add')}
        </Button>
      </Group>
      {error ? (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {errorMessage(error)}
        </Text>
      ) : null}
    </form>
  );
}

function AddStudent({ classId }: { classId: number }) {
  const { t } = useTranslation('school');
  const move = useMoveStudent();
  const toast = useSuccessToast();
  return (
    <AddMember
      kind="student"
      label={t('classes.addStudent')}
      pending={move.isPending}
      error={move.isError ? move.error : null}
      onAdd={(studentId, added) =>
        move.mutate(
          { studentId, classId },
          {
            onSuccess: () => {
              added();
              toast(t('classes.studentAdded'));
            },
          },
        )
      }
    />
  );
}

function AddTeacher({ classId }: { classId: number }) {
  const { t } = useTranslation('school');
  const assign = useAssignTeacher();
  const toast = useSuccessToast();
  const [role, setRole] = useState<ClassTeacherRole>('subject_teacher');
  return (
    <AddMember
      kind="teacher"
      label={t('classes.addTeacher')}
      pending={assign.isPending}
      error={assign.isError ? assign.error : null}
      extra={
        <Select
          label={t('classes.role')}
          data={(['class_teacher', 'subject_teacher'] as const).map((value) => ({
            value,
            label: t(`classes.roles.${value}`),
          }))}
          value={role}
          onChange={(value) => value && setRole(value as ClassTeacherRole)}
          allowDeselect={false}
          style={{ flex: '1 1 180px' }}
        />
      }
      onAdd={(teacherId, added) =>
        assign.mutate(
          { id: classId, teacherId, role },
          {
            onSuccess: () => {
              added();
              toast(t('classes.teacherAdded'));
            },
          },
        )
      }
    />
  );
}
