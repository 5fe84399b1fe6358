import { type SkipReason, USER_GROUP_NAME_MAX_LENGTH, type UserGroup } from '@flashcards/contract';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconEdit,
  IconPlus,
  IconTrash,
  IconUserMinus,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormError } from '../../../components/ui/form-error';
import { CardListSkeleton, PageHeading } from '../../../components/ui/page-heading';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { RestrictedPage } from '../../../components/ui/restricted-page';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useAddressPage, usePastTheEnd } from '../../../lib/address-page';
import { useErrorMessage } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { pageCount } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { personName } from '../../../lib/person-name';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAddGroupMembers } from '../api/add-group-members';
import { useCreateUserGroup } from '../api/create-user-group';
import { useDeleteUserGroup } from '../api/delete-user-group';
import { useUserGroup } from '../api/get-user-group';
import { useUserGroupsPage } from '../api/get-user-groups-page';
import { useRemoveGroupMembers } from '../api/remove-group-members';
import { useRenameUserGroup } from '../api/rename-user-group';
import { useGroupCandidates } from '../api/search-group-candidates';
import { PeopleSuggestions } from '../components/people-suggestions';
import { SkippedList } from '../components/skipped-list';
import '../social-texts';

/** /user-groups: my groups of people to send categories to; not for accounts a school created. */
export function UserGroupsPage() {
  const { t } = useTranslation(['social', 'common']);
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader label={t('common:status.loading')} />;
  if (user.data?.is_auto_created) return <RestrictedPage text={t('groups.restricted')} />;
  return <Groups />;
}

function Groups() {
  const { t } = useTranslation(['social', 'pages', 'cards']);
  const { number } = useFormatters();
  const { page, goTo, toFirst } = useAddressPage();
  const groups = useUserGroupsPage(page);
  const [opened, setOpened] = useState<{ id: number; name: string } | null>(null);
  const [renaming, setRenaming] = useState<UserGroup | null>(null);
  const toast = useSuccessToast();
  const remove = useConfirm(useDeleteUserGroup(), {
    variables: (item: UserGroup) => item.id,
    done: (item) => toast(t('groups.deleted', { name: item.name })),
  });

  const pastTheEnd = usePastTheEnd(groups, page, toFirst);

  const data = groups.data;
  return (
    <Stack gap="lg">
      <PageHeading title={t('pages:titles.userGroups')} intro={t('groups.intro')} />
      <CreateGroupForm onCreated={(group) => setOpened(group)} />
      <QueryState
        query={groups}
        keepData
        waiting={pastTheEnd}
        loading={<CardListSkeleton label={t('groups.loading')} height={96} />}
        isEmpty={(list) => list.count === 0}
        empty={
          <EmptyState
            icon={<IconUsersGroup size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('groups.empty')}
            description={t('groups.emptyHint')}
          />
        }
      >
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.results.map((group) => (
              <GroupCard
                key={group.id}
                group={group}
                onOpen={() => setOpened(group)}
                onRename={() => setRenaming(group)}
                onDelete={() => remove.ask(group)}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <Pager page={page} pages={data ? pageCount(data.count) : 1} onChange={goTo} />

      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? t('groups.membersTitle', { name: opened.name }) : ''}
        size="lg"
        radius="lg"
        closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
      >
        {opened !== null && <GroupMembers id={opened.id} />}
      </Modal>
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('groups.renameTitle')}
        radius="lg"
        closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
      >
        {renaming && <RenameForm group={renaming} onDone={() => setRenaming(null)} />}
      </Modal>
      <ConfirmModal
        {...remove.dialog}
        title={t('groups.deleteTitle', { name: remove.target?.name ?? '' })}
        confirmLabel={t('groups.deleteConfirm')}
        closeLabel={t('cards:actions.close')}
        danger
      >
        {t('groups.deleteText', {
          count: remove.target?.members_count ?? 0,
          formatted: number(remove.target?.members_count ?? 0),
        })}
      </ConfirmModal>
    </Stack>
  );
}

function CreateGroupForm({ onCreated }: { onCreated: (group: UserGroup) => void }) {
  const { t } = useTranslation('social');
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const create = useCreateUserGroup();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(t('groups.nameRequired'));
      return;
    }
    setProblem(null);
    create.mutate(name.trim(), {
      onSuccess: (group) => {
        toast(t('groups.created', { name: group.name }));
        setName('');
        onCreated(group);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Paper component="form" onSubmit={submit} noValidate withBorder radius="lg" p="md">
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('groups.newName')}
          placeholder={t('groups.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={USER_GROUP_NAME_MAX_LENGTH}
          error={problem}
          required
          style={{ flex: '1 1 240px' }}
        />
        <Button
          type="submit"
          mt={25}
          loading={create.isPending}
          leftSection={<IconPlus size={16} aria-hidden="true" />}
        >
          {t('groups.create')}
        </Button>
      </Group>
    </Paper>
  );
}

function GroupCard({
  group,
  onOpen,
  onRename,
  onDelete,
}: {
  group: UserGroup;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('social');
  const { number } = useFormatters();
  const headingId = useId();
  const shown = group.receivers_users.slice(0, 5);
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {group.name}
          </Title>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              onClick={onRename}
              aria-label={t('groups.rename', { name: group.name })}
            >
              <IconEdit size={18} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={t('groups.delete', { name: group.name })}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('groups.members', { count: group.members_count, formatted: number(group.members_count) })}
        </Text>
        {shown.length > 0 && (
          <Avatar.Group aria-hidden="true">
            {shown.map((member) => (
              <Avatar
                key={member.id}
                src={member.avatar_url}
                name={personName(member, '?')}
                color="indigo"
                variant="filled"
                radius={999}
              />
            ))}
            {group.members_count > shown.length && (
              <Avatar radius={999}>+{group.members_count - shown.length}</Avatar>
            )}
          </Avatar.Group>
        )}
        <Group mt="auto">
          <Button
            variant="light"
            size="xs"
            onClick={onOpen}
            leftSection={<IconUserPlus size={16} aria-hidden="true" />}
          >
            {t('groups.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RenameForm({ group, onDone }: { group: UserGroup; onDone: () => void }) {
  const { t } = useTranslation(['social', 'common']);
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const rename = useRenameUserGroup();
  const [name, setName] = useState(group.name);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(t('groups.nameRequired'));
      return;
    }
    rename.mutate(
      { id: group.id, name: name.trim() },
      {
        onSuccess: (saved) => {
          toast(t('groups.renamed', { name: saved.name }));
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('groups.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={USER_GROUP_NAME_MAX_LENGTH}
          error={problem}
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t('groups.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A group's members, with a search as you type to add people and a button to take each out. */
function GroupMembers({ id }: { id: number }) {
  const { t } = useTranslation('social');
  const group = useUserGroup(id);
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const add = useAddGroupMembers();
  const removeMembers = useRemoveGroupMembers();
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const candidates = useGroupCandidates(id, search);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const [skipped, setSkipped] = useState<{ id: number; reason: SkipReason }[]>([]);
  const unnamed = t('person.unnamed');

  const addPerson = (personId: number, name: string) => {
    setNames((known) => new Map(known).set(personId, name));
    setSkipped([]);
    add.mutate(
      { id, userIds: [personId] },
      {
        onSuccess: (result) => {
          setSkipped(result.skipped);
          if (result.skipped.length === 0) toast(t('groups.added', { name, group: result.name }));
        },
      },
    );
  };
  return (
    <QueryState query={group} loading={<Loader aria-label={t('groups.loading')} />}>
      {(data) => {
        const members = data.receivers_users;
        return (
          <Stack gap="md">
            <PeopleSuggestions
              label={t('groups.addPeople')}
              hint={t('groups.addPeopleHint')}
              listLabel={t('groups.suggestions')}
              noMatches={t('groups.noMatches')}
              input={input}
              onInput={setInput}
              search={search}
              suggestions={candidates}
              details={(person) =>
                person.school && (
                  <Text size="xs" c="dimmed" truncate>
                    {person.school}
                  </Text>
                )
              }
              action={(person, name) =>
                person.in_group ? (
                  <Badge variant="filled" color="teal.9">
                    {t('groups.inGroup')}
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconUserPlus size={14} aria-hidden="true" />}
                    onClick={() => addPerson(person.id, name)}
                    loading={add.isPending && add.variables?.userIds[0] === person.id}
                    aria-label={t('groups.addPerson', { name })}
                  >
                    {t('groups.add')}
                  </Button>
                )
              }
            />
            {skipped.length > 0 && (
              <Alert color="orange" variant="light" title={t('groups.notAdded')}>
                <SkippedList skipped={skipped} nameOf={(personId) => names.get(personId)} />
              </Alert>
            )}
            <FormError>
              {add.isError
                ? errorMessage(add.error)
                : removeMembers.isError
                  ? errorMessage(removeMembers.error)
                  : null}
            </FormError>
            <Stack component="section" aria-labelledby={`members-${id}`} gap="xs">
              <Title order={2} size="h5" id={`members-${id}`}>
                {t('groups.membersHeading', { count: members.length })}
              </Title>
              {members.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('groups.noMembers')}
                </Text>
              ) : (
                members.map((member) => {
                  const name = personName(member, unnamed);
                  return (
                    <Group key={member.id} justify="space-between" wrap="nowrap" gap="sm">
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                        <Avatar
                          src={member.avatar_url}
                          name={name}
                          color="indigo"
                          variant="filled"
                          radius={999}
                          size="sm"
                          alt=""
                        />
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text size="sm" fw={600} truncate>
                            {name}
                          </Text>
                          {member.email && (
                            <Text size="xs" c="dimmed" truncate>
                              {member.email}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconUserMinus size={14} aria-hidden="true" />}
                        onClick={() => removeMembers.mutate({ id, userIds: [member.id] })}
                        loading={removeMembers.isPending && removeMembers.variables?.userIds[0] === member.id}
                        aria-label={t('groups.removePerson', { name })}
                      >
                        {t('groups.remove')}
                      </Button>
                    </Group>
                  );
                })
              )}
            </Stack>
          </Stack>
        );
      }}
    </QueryState>
  );
}
