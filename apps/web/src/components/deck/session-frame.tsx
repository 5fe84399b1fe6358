import { Box, Button, Stack } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-client';
import { DailyLimitModal } from './daily-limit-modal';
import { PracticeHeader } from './practice-header';
import type { PracticeSettings } from './practice-settings';
import { SettingsBadges } from './settings-badges';

interface SessionFrameProps {
  /** The session's own props: what it practises, how, and the ways out. */
  of: {
    category: { name: string };
    settings: PracticeSettings;
    cardsPath: string;
    /** The name of the way back ("All cards" unless given). */
    backLabel?: string;
    /** Without it the filter is fixed and no button offers to change it. */
    onChangeFilter?: () => void;
  };
  /** The live region that announces what happens to the card. */
  region: ReactNode;
  /** The daily limit, once reached: its modal opens. */
  limit: ApiError | null;
  children: ReactNode;
}

/** What both learning modes show around the cards: the header with the settings, the daily-limit modal. */
export function SessionFrame({ of, region, limit, children }: SessionFrameProps) {
  const { category, settings, cardsPath, backLabel, onChangeFilter } = of;
  const { t } = useTranslation('practice');
  const [limitOpen, setLimitOpen] = useState(false);
  useEffect(() => {
    if (limit) setLimitOpen(true);
  }, [limit]);

  return (
    <Stack gap="lg">
      <PracticeHeader
        back={{ to: cardsPath, label: backLabel ?? t('session.allCards') }}
        title={category.name}
        actions={
          onChangeFilter && (
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
              onClick={onChangeFilter}
            >
              {t('session.changeFilter')}
            </Button>
          )
        }
      >
        <SettingsBadges settings={settings} />
      </PracticeHeader>
      <Box w="100%" maw={640} mx="auto">
        {children}
      </Box>
      {region}
      <DailyLimitModal opened={limitOpen} message={limit?.detail ?? ''} onClose={() => setLimitOpen(false)} />
    </Stack>
  );
}
