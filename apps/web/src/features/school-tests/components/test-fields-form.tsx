import type { SchoolTest, SchoolTestInput, Thresholds } from '@flashcards/contract';
import { TEST_DESCRIPTION_MAX_LENGTH, TEST_MAX_SCORE, TEST_NAME_MAX_LENGTH } from '@flashcards/contract';
import { Fieldset, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const thresholdKeys = [
  'excellent_score_value',
  'very_good_score_value',
  'good_score_value',
  'satisfy_score_value',
  'fail_score_value',
] as const satisfies readonly (keyof Thresholds)[];
export type ThresholdKey = (typeof thresholdKeys)[number];

/** The editor's fields as typed: a number box left empty is ''. */
export type TestDraft = { name: string; description: string } & Record<ThresholdKey, number | ''>;

export const emptyTestDraft: TestDraft = {
  name: '',
  description: '',
  excellent_score_value: '',
  very_good_score_value: '',
  good_score_value: '',
  satisfy_score_value: '',
  fail_score_value: 0,
};

export const draftOfTest = (test: SchoolTest): TestDraft => ({
  name: test.name,
  description: test.description,
  excellent_score_value: test.excellent_score_value,
  very_good_score_value: test.very_good_score_value,
  good_score_value: test.good_score_value,
  satisfy_score_value: test.satisfy_score_value,
  fail_score_value: test.fail_score_value,
});

/** The thresholds the preview draws: an empty box counts as 0. */
export const thresholdsOf = (draft: TestDraft): Thresholds => ({
  excellent_score_value: Number(draft.excellent_score_value || 0),
  very_good_score_value: Number(draft.very_good_score_value || 0),
  good_score_value: Number(draft.good_score_value || 0),
  satisfy_score_value: Number(draft.satisfy_score_value || 0),
  fail_score_value: Number(draft.fail_score_value || 0),
});

/** The body the server checks (it names any field out of order; an empty box is sent as 0). */
export const bodyOfDraft = (draft: TestDraft): SchoolTestInput => ({
  name: draft.name,
  description: draft.description,
  ...thresholdsOf(draft),
});

/**
 * A test's name, description and five thresholds (minimum points for 6, 5, 4, 3 and the fail minimum),
 * each with the server's message for it. The thresholds may be locked while the name stays editable.
 */
export function TestFieldsForm({
  value,
  onChange,
  errors,
  thresholdsLocked = false,
}: {
  value: TestDraft;
  onChange: (next: Partial<TestDraft>) => void;
  errors: Record<string, string>;
  thresholdsLocked?: boolean;
}) {
  const { t } = useTranslation('tests');
  return (
    <Stack gap="md">
      <TextInput
        label={t('editor.name')}
        required
        maxLength={TEST_NAME_MAX_LENGTH}
        value={value.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errors.name}
      />
      <Textarea
        label={t('editor.description')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={TEST_DESCRIPTION_MAX_LENGTH}
        value={value.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
        error={errors.description}
      />
      <Fieldset legend={t('editor.thresholds')} disabled={thresholdsLocked} variant="filled">
        <SimpleGrid type="container" cols={{ base: 1, '360px': 2, '540px': 3, '860px': 5 }} spacing="sm">
          {thresholdKeys.map((key) => (
            <NumberInput
              key={key}
              label={t(`editor.threshold.${key}`)}
              description={key === 'fail_score_value' ? t('editor.failThresholdHint') : undefined}
              min={0}
              max={TEST_MAX_SCORE}
              allowDecimal={false}
              allowNegative={false}
              required={key !== 'fail_score_value'}
              value={value[key]}
              onChange={(next) => onChange({ [key]: typeof next === 'number' ? next : '' })}
              error={errors[key]}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
