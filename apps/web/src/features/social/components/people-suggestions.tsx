import { Avatar, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../components/ui/request-error';
import { personName } from '../../../lib/person-name';
import '../social-texts';

type Suggested = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar_url: string | null;
};

/**
 * A search as you type for people to choose (for a group, for a sending): the field, then the people
 * found, each with its details and its action.
 */
export function PeopleSuggestions<P extends Suggested>({
  label,
  hint,
  listLabel,
  noMatches,
  input,
  onInput,
  search,
  suggestions,
  details,
  action,
}: {
  label: string;
  hint: string;
  listLabel: string;
  noMatches: string;
  input: string;
  onInput: (value: string) => void;
  /** The debounced search the suggestions are of; nothing is listed while it is empty. */
  search: string;
  suggestions: UseQueryResult<P[]>;
  details: (person: P) => ReactNode;
  action: (person: P, name: string) => ReactNode;
}) {
  const { t } = useTranslation('social');
  const unnamed = t('person.unnamed');
  return (
    <>
      <TextInput
        type="search"
        label={label}
        description={hint}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={suggestions.isFetching ? <Loader size="xs" aria-hidden="true" /> : null}
        value={input}
        onChange={(event) => onInput(event.currentTarget.value)}
        data-autofocus
      />
      {search !== '' && (
        <Stack component="section" aria-label={listLabel} gap="xs">
          {suggestions.isError ? (
            <RequestError error={suggestions.error} onRetry={() => suggestions.refetch()} />
          ) : suggestions.data?.length === 0 ? (
            <Text size="sm" c="dimmed" role="status">
              {noMatches}
            </Text>
          ) : (
            suggestions.data?.map((person) => {
              const name = personName(person, unnamed);
              return (
                <Group key={person.id} justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar
                      src={person.avatar_url}
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
                      {details(person)}
                    </Stack>
                  </Group>
                  {action(person, name)}
                </Group>
              );
            })
          )}
        </Stack>
      )}
    </>
  );
}
