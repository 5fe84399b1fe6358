import type { SchoolStudent } from '@flashcards/contract';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeColors, memberBadges } from '../member-role';

/** The role of a member and, while they have not signed in, "not yet signed in". */
export function MemberBadges({ member }: { member: SchoolStudent }) {
  const { t } = useTranslation('school');
  return (
    <Group gap={6}>
      {memberBadges(member).map((badge) => (
        <Badge key={badge} color={badgeColors[badge]} variant="filled" size="sm">
          {t(`roles.${badge}`)}
        </Badge>
      ))}
      {member.school_class && (
        <Badge color="gray" variant="light" size="sm">
          {t('members.classBadge', { name: member.school_class.name })}
        </Badge>
      )}
    </Group>
  );
}
