import { aiCardSchema, CARD_SIDE_MAX_LENGTH, CARD_TAG_MAX_LENGTH } from '@flashcards/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { GeneratedCard } from '../generated-cards';

const cardForm = z.object({
  sideOne: aiCardSchema.shape.question,
  sideTwo: aiCardSchema.shape.answer,
  tag: aiCardSchema.shape.tag,
});
type CardValues = z.input<typeof cardForm>;

function Side({ caption, text }: { caption: string; text: string }) {
  const { t } = useTranslation('ai');
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts="0.04em">
        {caption}
      </Text>
      {text.trim() ? (
        <Text fw={600} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      ) : (
        <Text c="var(--mantine-color-error)" fs="italic">
          {t('review.emptySide')}
        </Text>
      )}
    </Stack>
  );
}

function CardEditor({
  card,
  number,
  onDone,
  onCancel,
}: {
  card: GeneratedCard;
  number: number;
  onDone: (values: CardValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['ai', 'common']);
  const form = useSchemaForm<CardValues>({
    schema: cardForm,
    initialValues: { sideOne: card.sideOne, sideTwo: card.sideTwo, tag: card.tag },
  });
  // The editor opens when asked for: its first field takes the focus.
  useEffect(() => {
    form.formRef.current?.querySelector('textarea')?.focus();
  }, [form.formRef]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    }
  };
  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit((values) => onDone(values))}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={t('review.editing', { number })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Textarea
            label={t('review.sideOne')}
            required
            autosize
            minRows={2}
            maxRows={8}
            maxLength={CARD_SIDE_MAX_LENGTH}
            {...form.getInputProps('sideOne')}
          />
          <Textarea
            label={t('review.sideTwo')}
            required
            autosize
            minRows={2}
            maxRows={8}
            maxLength={CARD_SIDE_MAX_LENGTH}
            {...form.getInputProps('sideTwo')}
          />
        </SimpleGrid>
        <Group align="flex-end" justify="space-between" gap="sm">
          <TextInput
            label={t('review.tag')}
            maxLength={CARD_TAG_MAX_LENGTH}
            style={{ flex: '1 1 200px' }}
            {...form.getInputProps('tag')}
          />
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconCheck size={16} aria-hidden="true" />}>
              {t('review.done')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The generated cards to review, in order: each can be edited (both sides and its tag) or deleted. After a
 * change the focus stays in the list: on the card's edit button, or on the next card's after a deletion.
 */
export function ReviewList({
  cards,
  onEdit,
  onRemove,
  labelledBy,
}: {
  cards: readonly GeneratedCard[];
  onEdit: (id: string, changes: Omit<GeneratedCard, 'id'>) => void;
  onRemove: (id: string) => void;
  labelledBy?: string;
}) {
  const { t } = useTranslation('ai');
  const [editing, setEditing] = useState<string | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ id: string | null } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const button = focusTarget.id ? editButtons.current.get(focusTarget.id) : undefined;
    if (button) button.focus();
    else listRef.current?.focus();
  }, [focusTarget]);

  const close = (id: string) => {
    setEditing(null);
    setFocusTarget({ id });
  };
  const remove = (index: number) => {
    const card = cards[index]!;
    const next = cards[index + 1] ?? cards[index - 1];
    if (editing === card.id) setEditing(null);
    onRemove(card.id);
    setAnnouncement(t('review.deleted', { number: index + 1 }));
    setFocusTarget({ id: next?.id ?? null });
  };

  return (
    <>
      <ol
        ref={listRef}
        tabIndex={-1}
        aria-labelledby={labelledBy}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexDirection: 'column',
          gap: 'var(--mantine-spacing-sm)',
          outline: 'none',
        }}
      >
        {cards.map((card, index) => {
          const number = index + 1;
          return (
            <Box component="li" key={card.id}>
              <Paper withBorder radius="md" p="sm" shadow={editing === card.id ? 'sm' : undefined}>
                {editing === card.id ? (
                  <CardEditor
                    card={card}
                    number={number}
                    onCancel={() => close(card.id)}
                    onDone={(values) => {
                      onEdit(card.id, {
                        sideOne: values.sideOne.trim(),
                        sideTwo: values.sideTwo.trim(),
                        tag: (values.tag ?? '').trim(),
                      });
                      close(card.id);
                    }}
                  />
                ) : (
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Text fw={700} c="dimmed" w={28} ta="right" style={{ flex: 'none' }} aria-hidden="true">
                      {number}
                    </Text>
                    <VisuallyHidden>{t('review.card', { number })}</VisuallyHidden>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
                      <Side caption={t('review.sideOne')} text={card.sideOne} />
                      <Side caption={t('review.sideTwo')} text={card.sideTwo} />
                    </SimpleGrid>
                    <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          ref={(button) => {
                            if (button) editButtons.current.set(card.id, button);
                            else editButtons.current.delete(card.id);
                          }}
                          variant="subtle"
                          size="lg"
                          onClick={() => setEditing(card.id)}
                          aria-label={t('review.edit', { number })}
                        >
                          <IconPencil size={18} aria-hidden="true" />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          onClick={() => remove(index)}
                          aria-label={t('review.delete', { number })}
                        >
                          <IconTrash size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Group>
                      {card.tag && (
                        <Badge variant="light" maw={160} title={card.tag}>
                          {card.tag}
                        </Badge>
                      )}
                    </Stack>
                  </Group>
                )}
              </Paper>
            </Box>
          );
        })}
      </ol>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
