import { Button, Checkbox, Group, MultiSelect, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeckKind } from '../../../components/deck/deck-source';
import { PracticeModal } from '../../../components/deck/practice-modal';
import {
  type LearningType,
  learningTypes,
  MAX_QUANTITY,
  type PracticeSettings,
} from '../../../components/deck/practice-settings';
import { useFilterTags } from '../api/get-tags';

export type FilterChoice = Pick<PracticeSettings, 'tags' | 'quantity' | 'type' | 'ignoreAccents'>;

interface FilterModalProps {
  opened: boolean;
  kind: DeckKind;
  categoryId: number;
  initial: FilterChoice;
  onClose: () => void;
  onNext: (choice: FilterChoice) => void;
  /** A guest's catalog practice: tags only, from the public call. */
  guest?: boolean;
  confirmLabel: string;
}

/** The filter cards modal: tags, how many cards, and the learning type (verbal or typing). */
export function FilterModal({
  opened,
  kind,
  categoryId,
  initial,
  onClose,
  onNext,
  guest = false,
  confirmLabel,
}: FilterModalProps) {
  const { t } = useTranslation('practice');
  // Opened once the tags are there: the focus then starts on the first field, not on the close button.
  const tagsLoading = useFilterTags(kind, categoryId, { isPublic: guest, enabled: opened }).isPending;
  const shown = opened && !tagsLoading;
  return (
    <PracticeModal opened={shown} onClose={onClose} title={t('filter.title')}>
      {/* Mounted per opening, so it starts from the settings as they are now. */}
      {shown && (
        <FilterForm
          kind={kind}
          categoryId={categoryId}
          initial={initial}
          onClose={onClose}
          onNext={onNext}
          guest={guest}
          confirmLabel={confirmLabel}
        />
      )}
    </PracticeModal>
  );
}

function FilterForm({
  kind,
  categoryId,
  initial,
  onClose,
  onNext,
  guest,
  confirmLabel,
}: Omit<FilterModalProps, 'opened'>) {
  const { t } = useTranslation('practice');
  const tagOptions = useFilterTags(kind, categoryId, { isPublic: guest });
  const [tags, setTags] = useState(initial.tags);
  const [quantity, setQuantity] = useState<string | number>(initial.quantity ?? '');
  const [type, setType] = useState<LearningType>(initial.type);
  const [ignoreAccents, setIgnoreAccents] = useState(initial.ignoreAccents);
  const [quantityError, setQuantityError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = quantity === '' ? null : Number(quantity);
    if (count !== null && (!Number.isInteger(count) || count < 1 || count > MAX_QUANTITY)) {
      setQuantityError(t('filter.quantityInvalid', { max: MAX_QUANTITY }));
      return;
    }
    onNext({ tags, quantity: count, type, ignoreAccents });
  };

  const available = [...new Set([...(tagOptions.data ?? []), ...tags])];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {tagOptions.isSuccess && available.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('filter.noTagsInCategory')}
          </Text>
        ) : (
          <MultiSelect
            label={t('filter.tags')}
            description={t('filter.tagsHint')}
            placeholder={tags.length === 0 ? t('filter.allTags') : undefined}
            data={available}
            value={tags}
            onChange={setTags}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('filter.clearTags') }}
            nothingFoundMessage={t('filter.noSuchTag')}
            disabled={tagOptions.isPending}
            data-autofocus
            // The list opens on a click or on typing, not over the other fields when the dialog opens.
            openOnFocus={false}
          />
        )}
        {!guest && (
          <>
            <NumberInput
              label={t('filter.quantity')}
              description={t('filter.quantityHint')}
              placeholder={t('filter.quantityAll')}
              value={quantity}
              onChange={(value) => {
                setQuantity(value);
                setQuantityError(null);
              }}
              min={1}
              max={MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={quantityError}
              data-autofocus={available.length === 0 || undefined}
            />
            <Radio.Group
              label={t('filter.type')}
              value={type}
              onChange={(value) => setType(value as LearningType)}
            >
              <Stack gap="sm" mt="xs">
                {learningTypes.map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    label={t(`filter.types.${value}`)}
                    description={t(`filter.typeHints.${value}`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {type === 'typing' && (
              <Checkbox
                label={t('filter.ignoreAccents')}
                description={t('filter.ignoreAccentsHint')}
                checked={ignoreAccents}
                onChange={(event) => setIgnoreAccents(event.currentTarget.checked)}
              />
            )}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit">{confirmLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
