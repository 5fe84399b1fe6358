import { Button, Group, Select } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../api/assign-options';
import type { DraftStudent } from '../draft-paths';

/** Adds every member of one of my groups to the students a draft path goes to. */
export function GroupAdder({ onAdd }: { onAdd: (members: DraftStudent[]) => void }) {
  const { t } = useTranslation('paths');
  const groups = useGroups();
  const [groupId, setGroupId] = useState<string | null>(null);
  const group = groups.data?.find((candidate) => String(candidate.id) === groupId);

  return (
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
        onClick={() => group && onAdd(group.receivers_users)}
      >
        {t('students.addGroup')}
      </Button>
    </Group>
  );
}
