import { Button, Group, Radio, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PracticeModal } from '../../../components/deck/practice-modal';
import { type LearningMode, learningModes } from '../../../components/deck/practice-settings';
import { ROUND_SECONDS } from '../gaming-score';

interface ModeModalProps {
  opened: boolean;
  initial: LearningMode;
  onBack: () => void;
  onClose: () => void;
  onStart: (mode: LearningMode) => void;
}

/** The learning mode modal: standard or gaming. */
export function ModeModal({ opened, initial, onBack, onClose, onStart }: ModeModalProps) {
  const { t } = useTranslation('practice');
  return (
    <PracticeModal opened={opened} onClose={onClose} title={t('mode.title')}>
      {opened && <ModeForm initial={initial} onBack={onBack} onStart={onStart} />}
    </PracticeModal>
  );
}

function ModeForm({ initial, onBack, onStart }: Pick<ModeModalProps, 'initial' | 'onBack' | 'onStart'>) {
  const { t } = useTranslation('practice');
  const [mode, setMode] = useState<LearningMode>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStart(mode);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={t('mode.label')}
          value={mode}
          onChange={(value) => setMode(value as LearningMode)}
        >
          <Stack gap="sm" mt="xs">
            {learningModes.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`mode.modes.${value}`)}
                description={t(`mode.hints.${value}`, { seconds: ROUND_SECONDS })}
                data-autofocus={value === mode || undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack}>
            {t('mode.back')}
          </Button>
          <Button type="submit">{t('mode.start')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
