import {
  LEARNING_PATH_MAX_DAILY_TARGET,
  LEARNING_PATH_MAX_DECK,
  LEARNING_PATH_MAX_LEARNED_VOLUME,
  LEARNING_PATH_NAME_MAX_LENGTH,
} from '@flashcards/contract';
import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTags } from '../../../lib/category-queries';
import { useMyCategories, useMyTests } from '../api/assign-options';
import { daysAfter, type PathFields, testDatesProblem } from '../draft-paths';

/** The fields of a path before its category is chosen. */
export type FieldsDraft = Omit<PathFields, 'category'> & { category: PathFields['category'] | null };

/** A new path runs for four weeks from today unless the days are changed. */
export const defaultFields = (today: string): FieldsDraft => ({
  name: '',
  category: null,
  category_tags: [],
  start_at: today,
  end_at: daysAfter(today, 27),
  daily_cards_flip_target: 20,
  daily_cards_learn_target: 5,
  flip_cards_volume: 20,
  learned_card_volume_verbal: 10,
  learned_card_volume_typing: 10,
  learning_type_verbal: true,
  learning_type_typing: false,
  test: null,
  start_test_at: '',
  end_test_at: '',
});

const whole = (value: string | number, fallback: number) => {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(number) ? Math.round(number) : fallback;
};

/** Every field of a path: its name, a category of mine and its tags, the days, targets, volumes and modes. */
export function PathFieldsForm({
  value,
  onChange,
}: {
  value: FieldsDraft;
  onChange: (change: Partial<FieldsDraft>) => void;
}) {
  const { t } = useTranslation('paths');
  const categories = useMyCategories();
  const kind = value.category?.type_of_cards ?? 'text';
  const tags = useTags(kind, value.category?.id ?? 0, value.category !== null);
  const number = (field: keyof FieldsDraft, min: number, max: number) => ({
    min,
    max,
    clampBehavior: 'strict' as const,
    allowDecimal: false,
    value: value[field] as number,
    onChange: (next: string | number) => onChange({ [field]: whole(next, min) }),
  });

  const options = (categories.data ?? [])
    .filter((category) => category.type_of_cards !== 'kids')
    .map((category) => ({
      value: String(category.id),
      label: `${category.name} (${t(`kinds.${category.type_of_cards}`)})`,
    }));

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('form.category')}
          placeholder={categories.isPending ? t('form.loadingCategories') : t('form.categoryPlaceholder')}
          data={options}
          searchable
          nothingFoundMessage={t('form.noCategories')}
          value={value.category ? String(value.category.id) : null}
          onChange={(id) => {
            const category = categories.data?.find((found) => String(found.id) === id);
            if (!category || category.type_of_cards === 'kids') return;
            onChange({
              category: { id: category.id, name: category.name, type_of_cards: category.type_of_cards },
              category_tags: [],
              // The path is named after its category unless a name was typed.
              name:
                value.name.trim() === '' || value.name === value.category?.name ? category.name : value.name,
            });
          }}
          required
        />
        <TextInput
          label={t('form.name')}
          value={value.name}
          maxLength={LEARNING_PATH_NAME_MAX_LENGTH}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
          required
        />
      </SimpleGrid>
      <MultiSelect
        label={t('form.tags')}
        description={t('form.tagsHint')}
        data={tags.data ?? []}
        value={value.category_tags}
        onChange={(next) => onChange({ category_tags: next })}
        disabled={!value.category}
        searchable
        clearable
        nothingFoundMessage={t('form.noTags')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('form.startAt')}
          value={value.start_at}
          onChange={(event) => onChange({ start_at: event.currentTarget.value })}
          required
        />
        <TextInput
          type="date"
          label={t('form.endAt')}
          value={value.end_at}
          min={value.start_at}
          onChange={(event) => onChange({ end_at: event.currentTarget.value })}
          error={value.end_at && value.end_at < value.start_at ? t('form.endBeforeStart') : undefined}
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput
          label={t('form.flipTarget')}
          {...number('daily_cards_flip_target', 0, LEARNING_PATH_MAX_DAILY_TARGET)}
        />
        <NumberInput
          label={t('form.learnTarget')}
          {...number('daily_cards_learn_target', 0, LEARNING_PATH_MAX_DAILY_TARGET)}
        />
        <NumberInput label={t('form.deckSize')} {...number('flip_cards_volume', 1, LEARNING_PATH_MAX_DECK)} />
      </SimpleGrid>
      <Checkbox.Group
        label={t('form.modes')}
        value={[
          ...(value.learning_type_verbal ? ['verbal'] : []),
          ...(value.learning_type_typing ? ['typing'] : []),
        ]}
        onChange={(modes) =>
          onChange({
            learning_type_verbal: modes.includes('verbal'),
            learning_type_typing: modes.includes('typing'),
          })
        }
        error={!value.learning_type_verbal && !value.learning_type_typing ? t('form.noMode') : undefined}
      >
        <Group gap="lg" mt={4}>
          <Checkbox value="verbal" label={t('modes.verbal')} />
          <Checkbox value="typing" label={t('modes.typing')} />
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('form.learnedVerbal')}
          description={t('form.learnedHint')}
          disabled={!value.learning_type_verbal}
          {...number('learned_card_volume_verbal', 1, LEARNING_PATH_MAX_LEARNED_VOLUME)}
        />
        <NumberInput
          label={t('form.learnedTyping')}
          description={t('form.learnedHint')}
          disabled={!value.learning_type_typing}
          {...number('learned_card_volume_typing', 1, LEARNING_PATH_MAX_LEARNED_VOLUME)}
        />
      </SimpleGrid>
      <PathTestFields value={value} onChange={onChange} />
    </Stack>
  );
}

type TestFieldsValue = Pick<FieldsDraft, 'test' | 'start_test_at' | 'end_test_at' | 'start_at'>;

/** The test a path ends with (one of mine that can be taken) and its optional dates. */
export function PathTestFields({
  value,
  onChange,
}: {
  value: TestFieldsValue;
  onChange: (change: Partial<TestFieldsValue>) => void;
}) {
  const { t } = useTranslation('paths');
  const tests = useMyTests();
  // Only tests an exam can be made of: with questions, and excellent within their points.
  const testOptions = (tests.data ?? [])
    .filter((test) => test.questions_count > 0 && test.excellent_score_value <= test.total_score)
    .map((test) => ({ value: String(test.id), label: test.name }));
  return (
    <>
      <Select
        label={t('form.test')}
        description={t('form.testHint')}
        placeholder={tests.isPending ? t('form.loadingTests') : t('form.noTest')}
        data={testOptions}
        searchable
        clearable
        nothingFoundMessage={t('form.noTests')}
        value={value.test ? String(value.test.id) : null}
        onChange={(id) => {
          const test = tests.data?.find((found) => String(found.id) === id);
          onChange(
            test
              ? { test: { id: test.id, name: test.name } }
              : { test: null, start_test_at: '', end_test_at: '' },
          );
        }}
      />
      {value.test && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label={t('form.startTestAt')}
            description={t('form.testDatesHint')}
            value={value.start_test_at}
            min={`${value.start_at}T00:00`}
            onChange={(event) => onChange({ start_test_at: event.currentTarget.value })}
          />
          <TextInput
            type="datetime-local"
            label={t('form.endTestAt')}
            value={value.end_test_at}
            min={value.start_test_at || `${value.start_at}T00:00`}
            onChange={(event) => onChange({ end_test_at: event.currentTarget.value })}
            error={testDatesProblem(value) ? t('form.testDatesProblem') : undefined}
          />
        </SimpleGrid>
      )}
    </>
  );
}
