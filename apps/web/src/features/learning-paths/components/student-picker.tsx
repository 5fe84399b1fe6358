import { ActionIcon, Button, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsersGroup, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups, useStudentSearch } from '../api/assign-options';
import type { DraftStudent } from '../draft-paths';

export const studentName = (student: { first_name: string; last_name: string; email?: string }) =>
  `${student.first_name} ${student.last_name}`.trim() || student.email || '';

const addAll = (chosen: DraftStudent[], more: DraftStudent[]) => {
  const ids = new Set(chosen.map((student) => student.id));
  return [...chosen, ...more.filter((student) => !ids.has(student.id))];
};

/** The students a draft path goes to: found by name or e-mail, or every member of one of my groups. */
export function StudentPicker({
  chosen,
  onChange,
}: {
  chosen: DraftStudent[];
  onChange: (students: DraftStudent[]) => void;
}) {
  const { t } = useTranslation('paths');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useStudentSearch(debounced);
  const groups = useGroups();
  const [groupId, setGroupId] = useState<string | null>(null);
  const chosenIds = new Set(chosen.map((student) => student.id));
  const group = groups.data?.find((candidate) => String(candidate.id) === groupId);

  return (
    <Stack gap="sm">
      <TextInput
        label={t('students.search')}
        description={t('students.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={found.isFetching ? <Loader size="xs" aria-label={t('students.searching')} /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {debounced && found.data && (
        <Stack gap={4} role="list" aria-label={t('students.results')}>
          {found.data.length === 0 && (
            <Text size="sm" c="dimmed" role="listitem">
              {t('students.none')}
            </Text>
          )}
          {found.data.map((person) => (
            <Group key={person.id} justify="space-between" gap="xs" wrap="nowrap" role="listitem">
              <Text size="sm" truncate>
                {studentName(person)}{' '}
                <Text span size="xs" c="dimmed">
                  {person.email}
                </Text>
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden="true" />}
                disabled={chosenIds.has(person.id)}
                aria-label={t(chosenIds.has(person.id) ? 'students.addedOne' : 'students.addOne', {
                  name: studentName(person),
                })}
                onClick={() => onChange(addAll(chosen, [person]))}
              >
                {chosenIds.has(person.id) ? t('students.added') : t('students.add')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Group align="flex-end" gap="xs">
        <Select
          label={t('students.group')}
          placeholder={groups.isPending ? t('students.loadingGroups') : t('students.groupPlaceholder')}
          data={(groups.data ?? []).map((candidate) => ({
            value: String(candidate.id),
            label: t('students.groupOption', { name: candidate.name, count: candidate.members_count }),
          }))}
          nothingFoundMessage={t('students.noGroups')}
          value={groupId}
          onChange={setGroupId}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          leftSection={<IconUsersGroup size={16} aria-hidden="true" />}
          disabled={!group || group.receivers_users.length === 0}
          onClick={() => group && onChange(addAll(chosen, group.receivers_users))}
        >
          {t('students.addGroup')}
        </Button>
      </Group>
      <Paper withBorder p="xs" radius="md">
        {chosen.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('students.noneChosen')}
          </Text>
        ) : (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {t('students.chosen', { count: chosen.length })}
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={() => onChange([])}>
                {t('students.clearChosen')}
              </Button>
            </Group>
            <Group gap={6}>
              {chosen.map((student) => (
                <Group
                  key={student.id}
                  gap={2}
                  wrap="nowrap"
                  bg="var(--mantine-color-default-hover)"
                  px={8}
                  py={2}
                  style={{ borderRadius: 999 }}
                >
                  <Text size="sm">{studentName(student)}</Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={t('students.remove', { name: studentName(student) })}
                    onClick={() => onChange(chosen.filter((other) => other.id !== student.id))}
                  >
                    <IconX size={14} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
