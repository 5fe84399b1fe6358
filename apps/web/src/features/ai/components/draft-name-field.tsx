import { AI_TOPIC_MAX_LENGTH } from '@flashcards/contract';
import { Box, Button, Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { aiDraft } from '../ai-draft';
import type { SaveValues } from '../use-save-draft';

/**
 * The name the draft's cards are saved under, kept in the draft as it is typed, with the submit button
 * beside it; the hint and any error stay below both. Used on /ai-cards and its preview.
 */
export function DraftNameField({
  form,
  saving,
  label,
  description,
  submit,
}: {
  form: SchemaForm<SaveValues>;
  saving: boolean;
  label: string;
  description: string;
  /** The submit button's text. */
  submit: string;
}) {
  const nameProps = form.getInputProps('name');
  return (
    <TextInput
      label={label}
      description={description}
      required
      maxLength={AI_TOPIC_MAX_LENGTH}
      disabled={saving}
      {...nameProps}
      onChange={(event) => {
        nameProps.onChange(event);
        aiDraft.setName(event.currentTarget.value);
      }}
      inputContainer={(input) => (
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Box style={{ flex: '1 1 240px' }}>{input}</Box>
          <Button
            type="submit"
            loading={saving}
            leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
          >
            {submit}
          </Button>
        </Group>
      )}
    />
  );
}
