import { PEOPLE_SEARCH_MAX_LENGTH } from '@flashcards/contract';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBan,
  IconFilterOff,
  IconSearch,
  IconUserQuestion,
  IconUserSearch,
  IconUsers,
} from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardListSkeleton, PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { usePastTheEnd } from '../../../lib/address-page';
import { useCurrentUser } from '../../../lib/current-user';
import { pageCount } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { useBlocks } from '../api/get-blocks';
import { useFriendshipRequests } from '../api/get-friendship-requests';
import { useFriendships } from '../api/get-friendships';
import { useSearchPeople } from '../api/search-people';
import { PersonCard } from '../components/person-card';
import {
  isEmptySearch,
  type PeopleSearch,
  peopleSearchFrom,
  peopleSearchParams,
  placeFields,
} from '../people-search';
import '../social-texts';

const tabs = ['friends', 'requests', 'blocked'] as const;
type Tab = (typeof tabs)[number];
const tabOf = (value: string | null): Tab => tabs.find((tab) => tab === value) ?? 'friends';

/** /friends: the search for people, then my friends, the pending requests and the people I blocked. */
export function FriendsPage() {
  const { t } = useTranslation(['social', 'pages']);
  const [params, setParams] = useSearchParams();
  const search = peopleSearchFrom(params);
  const tab = tabOf(params.get('tab'));
  const requests = useFriendshipRequests();
  const me = useCurrentUser().data?.id;
  const receivedCount =
    me === undefined ? 0 : (requests.data?.filter((request) => request.from_user.id !== me).length ?? 0);

  const go = (next: PeopleSearch, nextTab: Tab = tab) =>
    setParams(peopleSearchParams(next, nextTab === 'friends' ? undefined : nextTab));

  return (
    <Stack gap="lg">
      <PageHeading title={t('pages:titles.friends')} intro={t('friends.intro')} />
      <PeopleSearchSection search={search} onSearch={(next) => go(next)} />
      <Tabs value={tab} onChange={(value) => go(search, tabOf(value))} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="friends" leftSection={<IconUsers size={16} aria-hidden="true" />}>
            {t('tabs.friends')}
          </Tabs.Tab>
          <Tabs.Tab
            value="requests"
            leftSection={<IconUserQuestion size={16} aria-hidden="true" />}
            rightSection={
              receivedCount > 0 ? (
                <Badge size="sm" circle>
                  <span aria-hidden="true">{receivedCount}</span>
                  <VisuallyHidden>{t('tabs.received', { count: receivedCount })}</VisuallyHidden>
                </Badge>
              ) : undefined
            }
          >
            {t('tabs.requests')}
          </Tabs.Tab>
          <Tabs.Tab value="blocked" leftSection={<IconBan size={16} aria-hidden="true" />}>
            {t('tabs.blocked')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="friends" pt="md">
          <FriendsList />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsList />
        </Tabs.Panel>
        <Tabs.Panel value="blocked" pt="md">
          <BlockedList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return <CardListSkeleton label={label} height={88} count={3} />;
}

function PeopleSearchSection({
  search,
  onSearch,
}: {
  search: PeopleSearch;
  onSearch: (search: PeopleSearch) => void;
}) {
  const { t } = useTranslation('social');
  const { number } = useFormatters();
  const headingId = useId();
  const [values, setValues] = useState(search);
  const found = useSearchPeople(search);
  const searched = !isEmptySearch(search);

  // Back and forward bring another search into the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => setValues(search), [JSON.stringify(search)]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...values, page: 1 });
  };
  const clear = () => {
    const empty = { search: '', region: '', municipality: '', town: '', school: '', page: 1 };
    setValues(empty);
    onSearch(empty);
  };

  // A page past the end: back to the first.
  const pastTheEnd = usePastTheEnd(found, search.page, () => onSearch({ ...search, page: 1 }));

  const results = searched && (
    <QueryState
      query={found}
      keepData
      waiting={pastTheEnd}
      loading={<ListSkeleton label={t('search.loading')} />}
      isEmpty={(data) => data.count === 0}
      empty={
        <EmptyState
          icon={<IconFilterOff size={32} aria-hidden="true" />}
          withIndicatorBackground
          title={t('search.empty')}
          description={t('search.emptyHint')}
        >
          <EmptyState.Actions>
            <Button variant="default" onClick={clear}>
              {t('search.clear')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      }
    >
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {t('search.found', { count: data.count, formatted: number(data.count) })}
          </Text>
          <Stack
            gap="sm"
            aria-busy={found.isPlaceholderData || undefined}
            style={{ opacity: found.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {data.results.map((person) => (
              <PersonCard key={person.id} person={person} />
            ))}
          </Stack>
          <Pager
            page={search.page}
            pages={pageCount(data.count)}
            onChange={(page) => onSearch({ ...search, page })}
          />
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Group gap="xs">
          <IconUserSearch size={22} aria-hidden="true" />
          <Title order={2} size="h4" id={headingId}>
            {t('search.heading')}
          </Title>
        </Group>
        <form aria-labelledby={headingId} onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              type="search"
              label={t('search.text')}
              description={t('search.textHint')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={values.search}
              onChange={(event) => setValues({ ...values, search: event.currentTarget.value })}
              maxLength={PEOPLE_SEARCH_MAX_LENGTH}
            />
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {placeFields.map((field) => (
                <TextInput
                  key={field}
                  label={t(`search.${field}`)}
                  value={values[field]}
                  onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
                  maxLength={PEOPLE_SEARCH_MAX_LENGTH}
                />
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('search.placesHint')}
            </Text>
            <Group gap="sm">
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
                {t('search.submit')}
              </Button>
              {searched && (
                <Button variant="default" onClick={clear}>
                  {t('search.clear')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
        {results}
      </Stack>
    </Paper>
  );
}

function FriendsList() {
  const { t } = useTranslation('social');
  const friends = useFriendships();
  return (
    <QueryState
      query={friends}
      loading={<ListSkeleton label={t('friends.loading')} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon={<IconUsers size={32} aria-hidden="true" />}
          withIndicatorBackground
          title={t('friends.empty')}
          description={t('friends.emptyHint')}
        />
      }
    >
      {(list) => (
        <Stack gap="sm">
          {list.map((friendship) => (
            <PersonCard key={friendship.id} person={friendship.friend} />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

function RequestsList() {
  const { t } = useTranslation('social');
  const { date } = useFormatters();
  const requests = useFriendshipRequests();
  const me = useCurrentUser();
  const loading = <ListSkeleton label={t('requests.loading')} />;
  const when = (iso: string) => (
    <Text size="xs" c="dimmed">
      {t('requests.since', { date: date(iso) })}
    </Text>
  );
  return (
    <QueryState
      query={requests}
      loading={loading}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon={<IconUserQuestion size={32} aria-hidden="true" />}
          withIndicatorBackground
          title={t('requests.empty')}
          description={t('requests.emptyHint')}
        />
      }
    >
      {(list) => (
        <QueryState query={me} loading={loading}>
          {(user) => (
            <Stack gap="lg">
              <RequestGroup title={t('requests.received')} empty={t('requests.noneReceived')}>
                {list
                  .filter((request) => request.from_user.id !== user.id)
                  .map((request) => (
                    <PersonCard
                      key={request.id}
                      person={request.from_user}
                      extra={when(request.created_at)}
                    />
                  ))}
              </RequestGroup>
              <RequestGroup title={t('requests.sent')} empty={t('requests.noneSent')}>
                {list
                  .filter((request) => request.from_user.id === user.id)
                  .map((request) => (
                    <PersonCard key={request.id} person={request.to_user} extra={when(request.created_at)} />
                  ))}
              </RequestGroup>
            </Stack>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}

function RequestGroup({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h5" id={headingId}>
        {title}
      </Title>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

function BlockedList() {
  const { t } = useTranslation('social');
  const blocks = useBlocks();
  return (
    <QueryState
      query={blocks}
      loading={<ListSkeleton label={t('blocked.loading')} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon={<IconBan size={32} aria-hidden="true" />}
          withIndicatorBackground
          title={t('blocked.empty')}
          description={t('blocked.emptyHint')}
        />
      }
    >
      {(list) => (
        <Stack gap="sm">
          {list.map((block) => (
            <PersonCard key={block.id} person={block.blocked} />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
