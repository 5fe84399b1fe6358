import { AI_TEXT_MAX_CARDS, AI_TOPIC_MAX_LENGTH } from '@flashcards/contract';
import { NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/language-name';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { aiLanguages, aiLevels, type TopicValues, topicForm } from '../ai-forms';
import { useStartGeneration } from '../use-generation';
import { GenerateFormEnd } from './generate-form-end';
import '../../../lib/error-texts';

/** Cards on a topic: what the sides hold, for whom, how hard, in which language and how many. */
export function TopicForm({
  owner,
  initialValues,
  quotaLeft,
}: {
  owner: number;
  initialValues: TopicValues;
  quotaLeft: number;
}) {
  const { t, i18n } = useTranslation(['ai', 'errors']);
  const start = useStartGeneration(owner);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useSchemaForm<TopicValues>({ schema: topicForm, initialValues });

  const submit = form.submit((values) => {
    setGeneral(null);
    // The server would refuse it: say so without spending a request.
    if (quotaLeft === 0) {
      setGeneral(t('errors:ai_quota_exceeded'));
      return;
    }
    start.mutate({ kind: 'text', values }, { onError: (error) => setGeneral(form.showServerErrors(error)) });
  });

  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('topicForm.topic')}
          description={t('topicForm.topicHint', { max: AI_TOPIC_MAX_LENGTH })}
          placeholder={t('topicForm.topicPlaceholder')}
          required
          maxLength={AI_TOPIC_MAX_LENGTH}
          {...form.getInputProps('topic')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('topicForm.sideOne')}
            description={t('topicForm.sideOneHint')}
            placeholder={t('topicForm.sideOnePlaceholder')}
            maxLength={200}
            {...form.getInputProps('sideOne')}
          />
          <TextInput
            label={t('topicForm.sideTwo')}
            description={t('topicForm.sideTwoHint')}
            placeholder={t('topicForm.sideTwoPlaceholder')}
            maxLength={200}
            {...form.getInputProps('sideTwo')}
          />
          <NativeSelect
            label={t('topicForm.language')}
            data={aiLanguages.map((code) => ({ value: code, label: languageName(code, interfaceLanguage) }))}
            {...form.getInputProps('language')}
          />
          <NativeSelect
            label={t('topicForm.level')}
            data={aiLevels.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
            {...form.getInputProps('level')}
          />
          <NumberInput
            label={t('topicForm.cardNumber')}
            description={t('topicForm.cardNumberHint', { max: AI_TEXT_MAX_CARDS })}
            required
            min={1}
            max={AI_TEXT_MAX_CARDS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('cardNumber')}
          />
          <NumberInput
            label={t('topicForm.audienceAge')}
            description={t('topicForm.audienceAgeHint')}
            min={3}
            max={120}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('audienceAge')}
          />
        </SimpleGrid>
        <GenerateFormEnd
          tag={{
            label: t('topicForm.tag'),
            description: t('topicForm.tagHint'),
            ...form.getInputProps('tag'),
          }}
          general={general}
          starting={start.isPending}
          submit={t('topicForm.submit')}
        />
      </Stack>
    </form>
  );
}
