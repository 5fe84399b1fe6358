import type { GuardianState } from '@flashcards/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './guardian-texts';

const colors: Record<GuardianState, string> = { waiting: 'yellow', confirmed: 'teal', unsubscribed: 'gray' };

/** Where a guardian's e-mail stands: waiting for the guardian's confirmation, confirmed, or unsubscribed. */
export function GuardianStateBadge({ state }: { state: GuardianState }) {
  const { t } = useTranslation('guardians');
  return (
    <Badge color={colors[state]} variant="light" radius="sm" tt="none">
      {t(`state.${state}`)}
    </Badge>
  );
}
