import { ActionIcon, Button, Group, Input, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExamStudentSearch } from '../api/exams';

export type PickedStudent = { id: number; first_name: string; last_name: string; email?: string };

export const personName = (person: { first_name: string; last_name: string; email?: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email || '';

/** The students an exam goes to, found by name or e-mail (`exam/users-search/`), added one by one. */
export function StudentsPicker({
  chosen,
  onChange,
  error,
}: {
  chosen: PickedStudent[];
  onChange: (students: PickedStudent[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('tests');
  const errorId = useId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useExamStudentSearch(debounced);
  const chosenIds = new Set(chosen.map((student) => student.id));

  return (
    <Stack gap="xs">
      <TextInput
        label={t('assign.searchStudents')}
        description={t('assign.searchStudentsHint')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={found.isFetching ? <Loader size="xs" aria-label={t('assign.searching')} /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        aria-describedby={error ? errorId : undefined}
      />
      {debounced && found.data && (
        <Stack gap={4} role="list" aria-label={t('assign.found')}>
          {found.data.length === 0 && (
            <Text size="sm" c="dimmed" role="listitem">
              {t('assign.noneFound')}
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
                  aria-label={t(added ? 'assign.addedOne' : 'assign.addOne', { name: personName(person) })}
                  onClick={() => onChange([...chosen, person])}
                >
                  {added ? t('assign.added') : t('assign.add')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      <Paper withBorder p="xs" radius="md">
        {chosen.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('assign.noneChosen')}
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('assign.chosen', { count: chosen.length })}
            </Text>
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
                  <Text size="sm">{personName(student)}</Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={t('assign.remove', { name: personName(student) })}
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
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
