import type { FriendDetails, Person } from '@flashcards/contract';
import {
  Anchor,
  Avatar,
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconSchool, IconTrophy, IconUserOff, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivityChart } from '../../../components/activity/activity-chart';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useFriendActivity } from '../api/get-friend-activity';
import { useFriendDetails } from '../api/get-friend-details';
import { useFriendFriends } from '../api/get-friend-friends';
import { PersonCard } from '../components/person-card';
import { placeOf } from '../person-name';
import '../social-texts';
import { CardListSkeleton } from '../../../components/ui/page-heading';
import { SectionCard } from '../../../components/ui/section-card';

/** /friend/:friendId: a friend's profile, practice and friends; anyone else's is not shown. */
export function FriendPage() {
  const { friendId } = useParams();
  const id = Number(friendId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return <NotAFriend />;
  return <Friend key={id} id={id} />;
}

function NotAFriend() {
  const { t } = useTranslation('social');
  return (
    <MessagePage
      icon={<IconUserOff size={36} />}
      title={t('friend.notFound')}
      action={
        <Button component={Link} to={paths.friends}>
          {t('friend.toFriends')}
        </Button>
      }
    >
      <Text>{t('friend.notFoundText')}</Text>
    </MessagePage>
  );
}

function Friend({ id }: { id: number }) {
  const { t } = useTranslation(['social', 'common']);
  const details = useFriendDetails(id);
  const isFriend = details.isSuccess;
  const activity = useFriendActivity(id, isFriend);
  const friends = useFriendFriends(id, isFriend);

  return (
    <QueryState
      query={details}
      loading={<PageLoader label={t('common:status.loading')} />}
      missing={<NotAFriend />}
    >
      {(friend) => {
        const name = personName(friend, t('person.unnamed'));
        return (
          <Stack gap="lg">
            <Anchor component={Link} to={paths.friends} size="sm" w="fit-content">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={16} aria-hidden="true" />
                {t('friend.back')}
              </Group>
            </Anchor>
            <Profile friend={friend} name={name} />
            <SectionCard title={t('friend.activity')}>
              <ActivityChart
                activity={activity}
                emptyText={t('friend.noActivity', { name: friend.first_name || name })}
                loadingText={t('friend.loadingActivity')}
              />
            </SectionCard>
            <SectionCard title={t('friend.friendsOf', { name: friend.first_name || name })}>
              <QueryState
                query={friends}
                loading={<CardListSkeleton label={t('friends.loading')} height={88} />}
              >
                {(data) => <FriendsOfFriend people={data} name={friend.first_name || name} />}
              </QueryState>
            </SectionCard>
          </Stack>
        );
      }}
    </QueryState>
  );
}

function Profile({ friend, name }: { friend: FriendDetails; name: string }) {
  const { t } = useTranslation('social');
  const { number } = useFormatters();
  const place = placeOf(friend);
  const facts = [
    {
      icon: <IconTrophy size={18} aria-hidden="true" />,
      label: t('friend.ranking'),
      value: number(friend.ranking),
    },
    {
      icon: <IconUsers size={18} aria-hidden="true" />,
      label: t('friend.friendsCount'),
      value: number(friend.friends_count),
    },
    {
      icon: <IconUsers size={18} aria-hidden="true" />,
      label: t('friend.mutualCount'),
      value: number(friend.mutual_friends),
    },
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="xl" align="center">
        <Avatar
          src={friend.avatar_url}
          name={name}
          alt={t('friend.pictureOf', { name })}
          color="indigo"
          variant="filled"
          size={112}
          radius={999}
        />
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          <Title order={1}>{name}</Title>
          {friend.email && <Text c="dimmed">{friend.email}</Text>}
          {place && <Text>{place}</Text>}
          {friend.school && (
            <Group gap={6} wrap="nowrap">
              <IconSchool size={18} aria-hidden="true" />
              <Text>{friend.school}</Text>
            </Group>
          )}
          <SimpleGrid cols={3} spacing="lg" component="dl" mt="sm" mb={0} maw={480}>
            {facts.map(({ icon, label, value }) => (
              <div key={label}>
                <Group gap={4} wrap="nowrap" component="dt">
                  {icon}
                  <Text size="sm" c="dimmed" span>
                    {label}
                  </Text>
                </Group>
                <Text component="dd" m={0} fw={700} fz="xl">
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
    </Paper>
  );
}

function FriendsOfFriend({ people, name }: { people: Person[]; name: string }) {
  const { t } = useTranslation('social');
  const mutual = people.filter((person) => person.is_friend);
  if (people.length === 0)
    return (
      <EmptyState
        icon={<IconUsers size={32} aria-hidden="true" />}
        withIndicatorBackground
        title={t('friend.noFriends', { name })}
        description={t('friend.noFriendsHint')}
      />
    );
  return (
    <Tabs defaultValue="all" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="all">{t('friend.allFriends', { count: people.length })}</Tabs.Tab>
        <Tabs.Tab value="mutual">{t('friend.mutualFriends', { count: mutual.length })}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="all" pt="md">
        <Stack gap="sm">
          {people.map((person) => (
            <PersonCard key={person.id} person={person} />
          ))}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="mutual" pt="md">
        {mutual.length === 0 ? (
          <Text c="dimmed">{t('friend.noMutual', { name })}</Text>
        ) : (
          <Stack gap="sm">
            {mutual.map((person) => (
              <PersonCard key={person.id} person={person} />
            ))}
          </Stack>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
