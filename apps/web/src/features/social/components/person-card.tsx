import type { Person } from '@flashcards/contract';
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSchool, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { relationOf } from '../person-actions';
import { placeOf } from '../person-name';
import '../social-texts';
import { PersonActions } from './person-actions';

/** Dark enough for white text on them. */
const relationColors = {
  friend: 'teal.9',
  requestSent: 'blue.8',
  requestReceived: 'blue.8',
  blocked: 'red.9',
} as const;

/**
 * One person in a list: picture, name (a link to the profile of a friend), place and school, the friends
 * we share, where we stand, and the actions that fit. `extra` adds a line (a request's date).
 */
export function PersonCard({ person, extra }: { person: Person; extra?: ReactNode }) {
  const { t } = useTranslation('social');
  const { number } = useFormatters();
  const nameId = useId();
  const name = personName(person, t('person.unnamed'));
  const relation = relationOf(person).kind;
  const place = placeOf(person);

  return (
    <Paper component="article" aria-labelledby={nameId} withBorder radius="lg" p="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Avatar
            src={person.avatar_url}
            name={name}
            color="indigo"
            variant="filled"
            size={48}
            radius={999}
            alt=""
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
                {relation === 'friend' ? (
                  <Anchor
                    component={Link}
                    to={generatePath(paths.friend, { friendId: String(person.id) })}
                    inherit
                  >
                    {name}
                  </Anchor>
                ) : (
                  name
                )}
              </Text>
              {relation !== 'none' && (
                <Badge size="sm" variant="filled" color={relationColors[relation]}>
                  {t(`relation.${relation}`)}
                </Badge>
              )}
            </Group>
            {person.email && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {person.email}
              </Text>
            )}
            {place && <Text size="sm">{place}</Text>}
            {person.school && (
              <Group gap={4} wrap="nowrap">
                <IconSchool size={14} aria-hidden="true" />
                <Text size="sm">{person.school}</Text>
              </Group>
            )}
            {person.mutual_friends > 0 && (
              <Group gap={4} wrap="nowrap">
                <IconUsers size={14} aria-hidden="true" />
                <Text size="sm" c="dimmed">
                  {t('person.mutual', {
                    count: person.mutual_friends,
                    formatted: number(person.mutual_friends),
                  })}
                </Text>
              </Group>
            )}
            {extra}
          </Stack>
        </Group>
        <PersonActions person={person} />
      </Group>
    </Paper>
  );
}
