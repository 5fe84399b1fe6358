import { CARD_TAG_MAX_LENGTH } from '@flashcards/contract';
import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/ui/form-error';

/**
 * The end of a form that starts a generation (a topic, photos): the tag given to every card, the
 * refusal that names no field, and the submit button.
 */
export function GenerateFormEnd({
  tag,
  general,
  starting,
  submit,
}: {
  /** The tag field's label, hint and form binding. */
  tag: TextInputProps;
  general: ReactNode;
  /** The generation is being started. */
  starting: boolean;
  /** The submit button's text. */
  submit: string;
}) {
  return (
    <>
      <TextInput maxLength={CARD_TAG_MAX_LENGTH} {...tag} />
      <FormError>{general}</FormError>
      <Group justify="flex-end">
        <Button
          type="submit"
          size="md"
          loading={starting}
          leftSection={<IconSparkles size={18} aria-hidden="true" />}
        >
          {submit}
        </Button>
      </Group>
    </>
  );
}
