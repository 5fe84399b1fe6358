import { Group, Text } from '@mantine/core';
import { IconCheck, IconDeviceMobile, IconHourglassHigh, IconSchool, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';

// Only the icons are coloured: coloured small text would be too faint on one theme or the other.
function Item({ icon, children, color }: { icon: ReactNode; children: string; color?: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text component="span" c={color} display="inline-flex">
        {icon}
      </Text>
      <Text size="sm" fw={600}>
        {children}
      </Text>
    </Group>
  );
}

/** From this many answers left of the day's free limit, the tally warns that the end is near. */
export const FEW_LEFT_TODAY = 5;

/**
 * Right and wrong answers of this session, cards learned in it, and, for an account with the daily free
 * limit, the answers left today (a warning once few are left).
 */
export function SessionTally({
  correct,
  wrong,
  learned,
  leftToday = null,
  savedOnDevice = 0,
}: {
  correct: number;
  wrong: number;
  learned?: number;
  leftToday?: number | null;
  /** Answers kept on this device while offline, to be sent when the network returns. */
  savedOnDevice?: number;
}) {
  const { t } = useTranslation('practice');
  const { number } = useFormatters();
  return (
    <Group gap="md" aria-label={t('session.tallyLabel')} role="group">
      <Item icon={<IconCheck size={16} aria-hidden="true" />} color="teal">
        {t('session.correctCount', { count: correct, formatted: number(correct) })}
      </Item>
      <Item icon={<IconX size={16} aria-hidden="true" />} color="red">
        {t('session.wrongCount', { count: wrong, formatted: number(wrong) })}
      </Item>
      {learned !== undefined && (
        <Item icon={<IconSchool size={16} aria-hidden="true" />}>
          {t('session.learnedCount', { count: learned, formatted: number(learned) })}
        </Item>
      )}
      {savedOnDevice > 0 && (
        <Item icon={<IconDeviceMobile size={16} aria-hidden="true" />} color="blue">
          {t('session.savedOnDevice', { count: savedOnDevice, formatted: number(savedOnDevice) })}
        </Item>
      )}
      {leftToday !== null && (
        <Item
          icon={<IconHourglassHigh size={16} aria-hidden="true" />}
          color={leftToday <= FEW_LEFT_TODAY ? 'orange' : undefined}
        >
          {t(leftToday <= FEW_LEFT_TODAY ? 'session.fewLeftToday' : 'session.leftToday', {
            count: leftToday,
            formatted: number(leftToday),
          })}
        </Item>
      )}
    </Group>
  );
}
