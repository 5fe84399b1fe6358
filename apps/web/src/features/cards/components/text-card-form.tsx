import { type Category, clozeNumbers, type TextCard } from '@flashcards/contract';
import { Button, Group, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBracketsContain, IconCopy } from '@tabler/icons-react';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormattedPreview, FormattingHelp } from '../../../components/rich-text/formatted-preview';
import { useTags } from '../../../lib/category-queries';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateTextCard } from '../api/create-text-card';
import { useDuplicateCard } from '../api/find-duplicate-card';
import { useUpdateTextCard } from '../api/update-text-card';
import { textCardForm } from '../card-forms';
import { withClozeGap } from '../cloze-gap';
import { FIRST_SIDE, useCardSave } from './card-entry';
import { CardFormFrame, TagField } from './card-entry-parts';
import { useOfflineEdit } from './use-offline-edit';

/** Adds a text card to the category, or edits one: both sides and an optional tag. */
export function TextCardForm({
  category,
  card,
  onDone,
}: {
  category: Category;
  card?: TextCard;
  onDone: () => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  const tags = useTags('text', category.id);
  const create = useCreateTextCard();
  const update = useUpdateTextCard();

  const form = useSchemaForm({
    schema: textCardForm,
    initialValues: {
      first_side: card?.first_side ?? '',
      second_side: card?.second_side ?? '',
      tag: card?.tag ?? '',
    },
  });
  const { save, frame } = useCardSave(form, { editing: Boolean(card), onDone, create, update });
  const offline = useOfflineEdit('text', card, onDone);

  // Asked once typing pauses; an edited card is not its own duplicate, nor is its unchanged side.
  const [typedFirstSide] = useDebouncedValue(form.values.first_side.trim(), 400);
  const unchanged = card !== undefined && typedFirstSide === card.first_side.trim();
  const duplicate = useDuplicateCard(category.id, unchanged ? '' : typedFirstSide, card?.id).data?.duplicate;

  // A cloze gap: the selection of side one hidden as {{cN::…}} (the button, or Ctrl+Shift+C as in Anki).
  const firstSide = useRef<HTMLTextAreaElement>(null);
  const cloze = clozeNumbers(form.values.first_side).length > 0;
  const addGap = () => {
    const field = firstSide.current;
    if (!field) return;
    const { text, caret } = withClozeGap(field.value, field.selectionStart, field.selectionEnd);
    form.setFieldValue('first_side', text);
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(caret, caret);
    });
  };
  const gapKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      addGap();
    }
  };

  const submit = form.submit((values) => {
    const body = {
      category: category.id,
      first_side: values.first_side.trim(),
      second_side: values.second_side.trim(),
      tag: values.tag.trim(),
    };
    const change = { first_side: body.first_side, second_side: body.second_side, tag: body.tag };
    save(
      (handlers) =>
        card
          ? update.mutate({ id: card.id, ...body }, offline(change, handlers))
          : create.mutate(body, handlers),
      // The next card of a series: new sides, the same tag.
      { next: { first_side: '', second_side: '', tag: values.tag } },
    );
  });

  return (
    <CardFormFrame {...frame} onSubmit={submit}>
      <Textarea
        label={t('cardForm.firstSide')}
        required
        autosize
        minRows={2}
        maxRows={8}
        data-autofocus
        // A notice under the field, not a rule: the same question may rightly have two answers.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        descriptionProps={{ role: 'status' }}
        description={
          duplicate && (
            <Group component="span" gap={6} wrap="nowrap" align="flex-start">
              <IconCopy
                size={16}
                aria-hidden="true"
                color="var(--mantine-color-orange-filled)"
                style={{ flex: 'none', marginTop: 2 }}
              />
              <span>
                {t('cardForm.duplicate', { first: duplicate.first_side, second: duplicate.second_side })}
              </span>
            </Group>
          )
        }
        styles={{
          description: {
            // Body text, readable in both themes; the icon carries the warning colour.
            color: 'var(--mantine-color-text)',
            fontSize: 'var(--mantine-font-size-sm)',
          },
        }}
        {...FIRST_SIDE}
        {...form.getInputProps('first_side')}
        ref={firstSide}
        onKeyDown={gapKey}
      />
      <Group justify="flex-start" mt={-8}>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconBracketsContain size={16} aria-hidden="true" />}
          onClick={addGap}
          aria-keyshortcuts="Control+Shift+C"
        >
          {t('common:richText.addGap')}
        </Button>
      </Group>
      <Textarea
        label={cloze ? t('common:richText.extra') : t('cardForm.secondSide')}
        required={!cloze}
        autosize
        minRows={2}
        maxRows={8}
        description={<FormattingHelp />}
        {...form.getInputProps('second_side')}
      />
      <FormattedPreview
        texts={[
          { label: t('cardForm.firstSide'), text: form.values.first_side },
          { label: t('cardForm.secondSide'), text: form.values.second_side },
        ]}
      />
      <TagField tags={tags.data} {...form.getInputProps('tag')} />
    </CardFormFrame>
  );
}
