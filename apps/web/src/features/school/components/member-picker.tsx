import { Select } from '@mantine/core';
import { useState } from 'react';
import { personName } from '../../../lib/person-name';
import { useSchoolMembers } from '../api/get-school-members';

/** A student or teacher of the school, found by a part of the name or e-mail (principals). */
export function MemberPicker({
  kind,
  label,
  value,
  onChange,
}: {
  kind: 'student' | 'teacher';
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  // Once a member is chosen the field shows their label; that is not a search.
  const query = chosen !== null && search === chosen.label ? '' : search.trim();
  const members = useSchoolMembers({ page: 1, search: query, role: kind });
  const found = (members.data?.results ?? [])
    .filter((member) => !member.is_invited)
    .map((member) => ({ value: String(member.id), label: `${personName(member)} (${member.email})` }));
  const options =
    chosen !== null && value === chosen.value && !found.some((option) => option.value === chosen.value)
      ? [chosen, ...found]
      : found;
  return (
    <Select
      label={label}
      data={options}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      value={value}
      onChange={(next, option) => {
        setChosen(next === null ? null : option);
        onChange(next);
      }}
      filter={({ options: all }) => all}
      style={{ flex: '1 1 240px' }}
    />
  );
}
