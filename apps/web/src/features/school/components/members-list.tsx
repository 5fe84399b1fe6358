import type { SchoolGuardian, SchoolStudent } from '@flashcards/contract';
import {
  ActionIcon,
  Avatar,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDots,
  IconMailHeart,
  IconSchool,
  IconSearch,
  IconTrash,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardianModal } from '../../../components/guardian/guardian-modal';
import { PagedList } from '../../../components/list/paged-list';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useErrorMessage } from '../../../lib/api-errors';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { type MembersFilter, useSchoolMembers } from '../api/get-school-members';
import { useSchoolGuardians, useStudentGuardianChange } from '../api/guardians';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import { type MemberRole, removalOf, roleChangeOf } from '../member-role';
import { MemberBadges } from './member-badges';

type RoleFilter = MemberRole | 'all';

/** The school's members: search as you type, a role filter, 20 a page, and what the principal can do. */
export function MembersList() {
  const { t, i18n } = useTranslation(['school', 'cards', 'guardians']);
  const headingId = useId();
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const filter: MembersFilter = { page, search, role };
  const members = useSchoolMembers(filter);
  const [removing, setRemoving] = useState<SchoolStudent | null>(null);
  const [guarding, setGuarding] = useState<SchoolStudent | null>(null);
  const guardianList = useSchoolGuardians();
  const guardians = useMemo(
    () => new Map((guardianList.data ?? []).map((guardian) => [guardian.student, guardian])),
    [guardianList.data],
  );
  const guardianChange = useStudentGuardianChange();
  const remove = useRemoveMember();
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const unnamed = t('members.unnamed');
  const nameOf = (member: SchoolStudent) =>
    `${member.first_name} ${member.last_name}`.trim() || member.email || unnamed;

  const removal = removing ? removalOf(removing) : null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {t('members.heading')}
      </Title>
      <Group align="flex-end" gap="md">
        <TextInput
          label={t('members.search')}
          type="search"
          value={input}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            setPage(1);
          }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          style={{ flex: '1 1 240px' }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${headingId}-role`}>
            {t('members.role')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${headingId}-role`}
            value={role}
            onChange={(value) => {
              setRole(value as RoleFilter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('members.all') },
              { value: 'student', label: t('members.students') },
              { value: 'teacher', label: t('members.teachers') },
              { value: 'principal', label: t('members.principals') },
            ]}
          />
        </Stack>
      </Group>
      <PagedList
        query={members}
        loadingLabel={t('members.loading')}
        rowHeight={84}
        noMatches={search || role !== 'all' ? t('members.noMatches') : null}
        empty={{
          icon: <IconUsers size={32} aria-hidden="true" />,
          title: t('members.empty'),
          description: t('members.emptyHint'),
        }}
        itemKey={(member) => member.id}
        item={(member) => (
          <MemberRow
            member={member}
            name={nameOf(member)}
            guardian={guardians.get(member.id)}
            onGuardian={() => setGuarding(member)}
            onRemove={() => setRemoving(member)}
          />
        )}
        page={page}
        onPage={setPage}
      />
      <GuardianModal
        opened={guarding !== null}
        onClose={() => setGuarding(null)}
        title={t('guardians:school.title', { name: guarding ? nameOf(guarding) : '' })}
        intro={t('guardians:school.intro')}
        guardian={(guarding && guardians.get(guarding.id)) ?? null}
        defaultLanguage={i18n.resolvedLanguage === 'en' ? 'en' : 'bg'}
        save={{
          pending: guardianChange.save.isPending,
          run: (values, callbacks) =>
            guarding &&
            guardianChange.save.mutate(
              { id: guarding.id, ...values },
              {
                onSuccess: () => {
                  toast(t('guardians:form.saved'));
                  callbacks.onSuccess();
                },
                onError: callbacks.onError,
              },
            ),
        }}
        remove={{
          pending: guardianChange.remove.isPending,
          run: (_, callbacks) =>
            guarding &&
            guardianChange.remove.mutate(guarding.id, {
              onSuccess: () => {
                toast(t('guardians:form.removed'));
                callbacks.onSuccess();
              },
              onError: callbacks.onError,
            }),
        }}
      />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast(
                t(removal === 'withdraw' ? 'members.withdrawn' : 'members.removed', {
                  name: nameOf(removing),
                }),
              );
              setRemoving(null);
            },
          })
        }
        title={t('members.removeTitle', { name: removing ? nameOf(removing) : '' })}
        confirmLabel={t(
          removal === 'delete'
            ? 'members.removeConfirmDelete'
            : removal === 'withdraw'
              ? 'members.removeConfirmWithdraw'
              : 'members.removeConfirmLeave',
        )}
        closeLabel={t('cards:actions.close')}
        danger
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
      >
        {t(
          removal === 'delete'
            ? 'members.removeDelete'
            : removal === 'withdraw'
              ? 'members.removeWithdraw'
              : 'members.removeLeave',
          { name: removing ? nameOf(removing) : '' },
        )}
      </ConfirmModal>
    </Stack>
  );
}

function MemberRow({
  member,
  name,
  guardian,
  onGuardian,
  onRemove,
}: {
  member: SchoolStudent;
  name: string;
  guardian: SchoolGuardian | undefined;
  onGuardian: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['school', 'guardians']);
  // Only a student who has joined has a guardian (an invited person is not a member yet).
  const student = member.is_student && !member.is_invited;
  const change = useUpdateMemberRole();
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const roleChange = roleChangeOf(member);
  const canRemove = removalOf(member) !== null;
  const changeRole = () =>
    change.mutate(
      { id: member.id, isTeacher: roleChange === 'makeTeacher' },
      {
        onSuccess: () =>
          toast(t(roleChange === 'makeTeacher' ? 'members.madeTeacher' : 'members.madeStudent', { name })),
      },
    );
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={member.avatar_url} name={name} color="indigo" variant="filled" radius={999} alt="" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {member.email}
            </Text>
            <MemberBadges member={member} />
            {guardian && (
              <Text size="xs" c="dimmed" truncate>
                {t('guardians:school.line', {
                  email: guardian.email,
                  state: t(`guardians:stateShort.${guardian.state}`),
                })}
              </Text>
            )}
          </Stack>
        </Group>
        {(roleChange || canRemove || student) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('members.actions', { name })}
                loading={change.isPending}
              >
                <IconDots size={18} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {student && (
                <Menu.Item leftSection={<IconMailHeart size={16} aria-hidden="true" />} onClick={onGuardian}>
                  {t('guardians:school.menu')}
                </Menu.Item>
              )}
              {roleChange && (
                <Menu.Item
                  leftSection={
                    roleChange === 'makeTeacher' ? (
                      <IconSchool size={16} aria-hidden="true" />
                    ) : (
                      <IconUserCheck size={16} aria-hidden="true" />
                    )
                  }
                  onClick={changeRole}
                >
                  {t(roleChange === 'makeTeacher' ? 'members.makeTeacher' : 'members.makeStudent')}
                </Menu.Item>
              )}
              {canRemove && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={onRemove}
                >
                  {t(removalOf(member) === 'withdraw' ? 'members.withdraw' : 'members.remove')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {change.isError && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {errorMessage(change.error)}
        </Text>
      )}
    </Paper>
  );
}
