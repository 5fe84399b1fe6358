import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeckKind } from '../../../components/deck/deck-source';
import type { PracticeSettings } from '../../../components/deck/practice-settings';
import { FilterModal } from './filter-modal';
import { ModeModal } from './mode-modal';

interface SetupModalsProps {
  opened: boolean;
  kind: DeckKind;
  categoryId: number;
  initial: PracticeSettings;
  onCancel: () => void;
  onDone: (settings: PracticeSettings) => void;
}

/** The filter cards modal, then the learning mode modal. */
export function SetupModals({ opened, kind, categoryId, initial, onCancel, onDone }: SetupModalsProps) {
  const { t } = useTranslation('practice');
  const [step, setStep] = useState<'filter' | 'mode'>('filter');
  const [draft, setDraft] = useState(initial);
  // Every opening starts from the filter and the settings in use.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setStep('filter');
      setDraft(initial);
    }
  }
  return (
    <>
      <FilterModal
        opened={opened && step === 'filter'}
        kind={kind}
        categoryId={categoryId}
        initial={draft}
        onClose={onCancel}
        onNext={(choice) => {
          setDraft({ ...draft, ...choice });
          setStep('mode');
        }}
        confirmLabel={t('filter.next')}
      />
      <ModeModal
        opened={opened && step === 'mode'}
        initial={draft.mode}
        onBack={() => setStep('filter')}
        onClose={onCancel}
        onStart={(mode) => onDone({ ...draft, mode })}
      />
    </>
  );
}
