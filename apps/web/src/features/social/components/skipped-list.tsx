import { type SkipReason, USER_GROUP_MAX_MEMBERS } from '@flashcards/contract';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { skippedByReason } from '../receivers';
import '../social-texts';

/** Who was left out of a group or a sending, by reason, named where the page knows their names. */
export function SkippedList({
  skipped,
  nameOf,
}: {
  skipped: readonly { id: number; reason: SkipReason }[];
  nameOf: (id: number) => string | undefined;
}) {
  const { t } = useTranslation('social');
  const { number } = useFormatters();
  if (skipped.length === 0) return null;
  return (
    <List size="sm" spacing={4}>
      {skippedByReason(skipped).map(({ reason, ids }) => {
        const names = ids.map((id) => nameOf(id) ?? t('person.unnamed'));
        return (
          <List.Item key={reason}>
            <Text size="sm" span fw={600}>
              {names.join(', ')}
            </Text>
            {': '}
            {t(`skipped.${reason}`, { count: ids.length, max: number(USER_GROUP_MAX_MEMBERS) })}
          </List.Item>
        );
      })}
    </List>
  );
}
