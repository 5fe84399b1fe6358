import type { Category, ReceiverCandidate, SendResult } from '@flashcards/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSend, IconUserPlus, IconX } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useUserGroups } from '../api/get-user-groups';
import { useReceiverCandidates } from '../api/search-receivers';
import { useSendCategory } from '../api/send-category';
import { receiversOf } from '../receivers';
import '../social-texts';
import { QueryState } from '../../../components/ui/query-state';
import { PeopleSuggestions } from './people-suggestions';
import { SkippedList } from './skipped-list';

/** The owner's "send" on a category's page: offers a copy to chosen people and the members of groups. */
export function SendCategoryPanel({ category }: { category: Category }) {
  const { t } = useTranslation(['social', 'cards']);
  const headingId = useId();
  const [opened, setOpened] = useState(false);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Group justify="space-between" gap="sm" align="center">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Title order={2} size="h4" id={headingId}>
            {t('send.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {category.cards_len === 0 ? t('send.needsCards') : t('send.note')}
          </Text>
        </Stack>
        <Button
          size="xs"
          leftSection={<IconSend size={14} aria-hidden="true" />}
          onClick={() => setOpened(true)}
          disabled={category.cards_len === 0}
        >
          {t('send.open')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('send.title', { name: category.name })}
        size="lg"
        radius="lg"
        closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
      >
        {opened && <SendForm category={category} onDone={() => setOpened(false)} />}
      </Modal>
    </Paper>
  );
}

function SendForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const { t } = useTranslation(['social', 'common']);
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const user = useCurrentUser().data;
  const canGroup = user !== undefined && !user.is_auto_created;
  const groups = useUserGroups(canGroup);
  const send = useSendCategory();
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const candidates = useReceiverCandidates(category.id, search);
  const [people, setPeople] = useState<ReceiverCandidate[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [result, setResult] = useState<SendResult | null>(null);
  const unnamed = t('person.unnamed');

  const groupList = groups.data ?? [];
  const receivers = receiversOf({
    people: people.map((person) => person.id),
    groupIds: groupIds.map(Number),
    groups: groupList,
    selfId: user?.id,
  });
  const names = useMemo(() => {
    const known = new Map<number, string>();
    for (const group of groupList)
      for (const member of group.receivers_users) known.set(member.id, personName(member, unnamed));
    for (const person of people) known.set(person.id, personName(person, unnamed));
    return known;
  }, [groupList, people, unnamed]);

  if (result)
    return (
      <Stack gap="md">
        {result.sent.length > 0 ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCheck aria-hidden="true" />}
            title={t('send.sent', { count: result.sent.length, formatted: number(result.sent.length) })}
          >
            <Text size="sm">{result.sent.map((id) => names.get(id) ?? unnamed).join(', ')}</Text>
          </Alert>
        ) : (
          <Alert color="orange" variant="light" title={t('send.noneSent')}>
            {t('send.noneSentHint')}
          </Alert>
        )}
        {result.skipped.length > 0 && (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('send.skipped')}
            </Text>
            <SkippedList skipped={result.skipped} nameOf={(id) => names.get(id)} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button onClick={onDone} data-autofocus>
            {t('send.done')}
          </Button>
        </Group>
      </Stack>
    );

  const choose = (person: ReceiverCandidate) =>
    setPeople((chosen) => (chosen.some((known) => known.id === person.id) ? chosen : [...chosen, person]));

  return (
    <Stack gap="md">
      <Text size="sm">{t('send.intro')}</Text>
      <PeopleSuggestions
        label={t('send.people')}
        hint={t('send.peopleHint')}
        listLabel={t('send.suggestions')}
        noMatches={t('send.noMatches')}
        input={input}
        onInput={setInput}
        search={search}
        suggestions={candidates}
        details={(person) => (
          <Group gap={4}>
            {person.is_friend && (
              <Badge size="xs" variant="filled" color="teal.9">
                {t('send.friend')}
              </Badge>
            )}
            {person.has_offer && (
              <Badge size="xs" variant="filled" color="gray.7">
                {t('send.hasOffer')}
              </Badge>
            )}
            {!person.receives_categories && (
              <Badge size="xs" variant="filled" color="gray.7">
                {t('send.notReceiving')}
              </Badge>
            )}
          </Group>
        )}
        action={(person, name) => {
          const chosen = people.some((known) => known.id === person.id);
          const blocked = person.has_offer || !person.receives_categories;
          return (
            <Button
              size="xs"
              variant={chosen ? 'filled' : 'light'}
              leftSection={
                chosen ? (
                  <IconCheck size={14} aria-hidden="true" />
                ) : (
                  <IconUserPlus size={14} aria-hidden="true" />
                )
              }
              onClick={() => choose(person)}
              disabled={blocked || chosen}
              aria-label={t(chosen ? 'send.chosenPerson' : 'send.choosePerson', { name })}
            >
              {chosen ? t('send.chosen') : t('send.choose')}
            </Button>
          );
        }}
      />
      {people.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id="send-chosen">
            {t('send.chosenPeople')}
          </Text>
          <Group gap={6} aria-labelledby="send-chosen" role="group">
            {people.map((person) => {
              const name = personName(person, unnamed);
              return (
                <Button
                  key={person.id}
                  size="compact-sm"
                  variant="light"
                  radius="xl"
                  rightSection={<IconX size={14} aria-hidden="true" />}
                  aria-label={t('send.unchoose', { name })}
                  onClick={() => setPeople((chosen) => chosen.filter((known) => known.id !== person.id))}
                >
                  {name}
                </Button>
              );
            })}
          </Group>
        </Stack>
      )}
      {canGroup && (
        // Groups are a shortcut: when they do not load, people can still be chosen one by one.
        <QueryState
          query={groups}
          loading={<Loader size="sm" aria-label={t('groups.loading')} />}
          error={() => null}
          isEmpty={(list) => list.length === 0}
          empty={
            <Text size="sm" c="dimmed">
              {t('send.noGroups')}{' '}
              <Anchor component={Link} to={paths.userGroups} inherit underline="always">
                {t('send.toGroups')}
              </Anchor>
            </Text>
          }
        >
          {(list) => (
            <Checkbox.Group label={t('send.groups')} value={groupIds} onChange={setGroupIds}>
              <Stack gap="xs" mt="xs">
                {list.map((group) => (
                  <Checkbox
                    key={group.id}
                    value={String(group.id)}
                    label={t('send.groupLabel', {
                      name: group.name,
                      count: group.members_count,
                      formatted: number(group.members_count),
                    })}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </QueryState>
      )}
      <FormError>{send.isError ? errorMessage(send.error) : null}</FormError>
      <Group justify="space-between" gap="sm">
        <Text size="sm" role="status">
          {t('send.receivers', { count: receivers.length, formatted: number(receivers.length) })}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden="true" />}
            disabled={receivers.length === 0}
            loading={send.isPending}
            onClick={() =>
              send.mutate({ id: category.id, receivers }, { onSuccess: (answer) => setResult(answer) })
            }
          >
            {t('send.submit')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
