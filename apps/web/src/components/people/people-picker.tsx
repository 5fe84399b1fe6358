import { ActionIcon, Button, Group, Input, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '../../lib/person-name';
import './people-texts';

export type PickedPerson = { id: number; first_name: string; last_name: string; email?: string };

/** Adds people to a list, each once and in the order given. */
export const addPeople = <P extends PickedPerson>(chosen: P[], more: P[]): P[] => {
  const ids = new Set(chosen.map((person) => person.id));
  return [...chosen, ...more.filter((person) => !ids.has(person.id))];
};

/**
 * The people something goes to (a learning path, an exam): found by name or e-mail through the feature's
 * own search call and added one by one; `children` may offer other ways to add, such as a whole group.
 */
export function PeoplePicker<P extends PickedPerson>({
  chosen,
  onChange,
  useSearch,
  error,
  children,
}: {
  chosen: P[];
  onChange: (people: P[]) => void;
  /** The feature's search of people it may reach; asked only for a non-empty text. */
  useSearch: (search: string) => UseQueryResult<P[]>;
  error?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('people', { keyPrefix: 'picker' });
  const errorId = useId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useSearch(debounced);
  const chosenIds = new Set(chosen.map((person) => person.id));

  return (
    <Stack gap="sm">
      <TextInput
        label={t('search')}
        description={t('searchHint')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={found.isFetching ? <Loader size="xs" aria-label={t('searching')} /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        aria-describedby={error ? errorId : undefined}
      />
      {debounced && found.data && (
        <Stack gap={4} role="list" aria-label={t('results')}>
          {found.data.length === 0 && (
            <Text size="sm" c="dimmed" role="listitem">
              {t('none')}
            </Text>
          )}
          {found.data.map((person) => {
            const added = chosenIds.has(person.id);
            return (
              <Group key={person.id} justify="space-between" gap="xs" wrap="nowrap" role="listitem">
                <Text size="sm" truncate>
                  {personName(person)}{' '}
                  <Text span size="xs" c="dimmed">
                    {person.email}
                  </Text>
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden="true" />}
                  disabled={added}
                  aria-label={t(added ? 'addedOne' : 'addOne', { name: personName(person) })}
                  onClick={() => onChange(addPeople(chosen, [person]))}
                >
                  {added ? t('added') : t('add')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      {children}
      <Paper withBorder p="xs" radius="md">
        {chosen.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noneChosen')}
          </Text>
        ) : (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {t('chosen', { count: chosen.length })}
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={() => onChange([])}>
                {t('clearChosen')}
              </Button>
            </Group>
            <Group gap={6}>
              {chosen.map((person) => (
                <Group
                  key={person.id}
                  gap={2}
                  wrap="nowrap"
                  bg="var(--mantine-color-default-hover)"
                  px={8}
                  py={2}
                  style={{ borderRadius: 999 }}
                >
                  <Text size="sm">{personName(person)}</Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={t('remove', { name: personName(person) })}
                    onClick={() => onChange(chosen.filter((other) => other.id !== person.id))}
                  >
                    <IconX size={14} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
            </Group>
          </Stack>
        )}
      </Paper>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
