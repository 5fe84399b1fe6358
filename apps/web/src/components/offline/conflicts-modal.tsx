import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Mark,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { deckKeys } from '../../lib/deck-keys';
import { accountDb } from '../../lib/offline/account-db';
import { type Conflict, chooseMine, chooseTheirs, conflictsOf } from '../../lib/offline/conflicts';
import type { CardText } from '../../lib/offline/offline-db';
import { syncStore } from '../../lib/offline/sync';
import { useOfflineErrorText } from './offline-error-text';

const conflictsKey = ['offline', 'conflicts'] as const;

/** The start of a card's text, to name it by. */
const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 59).trimEnd()}…` : text);

/** A side or the tag of one version, marked where the other version differs. */
function Field({
  label,
  value,
  other,
  empty,
}: {
  label: string;
  value: string;
  other: string;
  empty: string;
}) {
  const { t } = useTranslation('cards');
  const differs = value !== other;
  return (
    <div>
      <Group component="dt" gap={6}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {differs && (
          <Badge size="xs" variant="light" color="orange">
            {t('offline.conflicts.differs')}
          </Badge>
        )}
      </Group>
      <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value === '' ? (
          <Text span c="dimmed" size="sm">
            {empty}
          </Text>
        ) : differs ? (
          <Mark>{value}</Mark>
        ) : (
          value
        )}
      </Text>
    </div>
  );
}

/** One version of a card: its sides and tag (a picture card: its picture, text and tag). */
function Version({
  title,
  kind,
  text,
  other,
}: {
  title: string;
  kind: Conflict['kind'];
  text: CardText;
  other: CardText;
}) {
  const { t } = useTranslation('cards');
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Title order={4} size="h5">
          {title}
        </Title>
        <Stack component="dl" gap="xs" m={0}>
          {kind === 'picture' ? (
            <div>
              <Group component="dt" gap={6}>
                <Text size="sm" fw={600}>
                  {t('offline.conflicts.picture')}
                </Text>
                {text.first_side !== other.first_side && (
                  <Badge size="xs" variant="light" color="orange">
                    {t('offline.conflicts.differs')}
                  </Badge>
                )}
              </Group>
              <dd style={{ margin: 0 }}>
                <Image
                  src={text.first_side}
                  alt={text.second_side}
                  h={96}
                  w="auto"
                  fit="contain"
                  radius="sm"
                />
              </dd>
            </div>
          ) : (
            <Field
              label={t('offline.conflicts.front')}
              value={text.first_side}
              other={other.first_side}
              empty={t('offline.conflicts.empty')}
            />
          )}
          <Field
            label={kind === 'picture' ? t('offline.conflicts.text') : t('offline.conflicts.back')}
            value={text.second_side}
            other={other.second_side}
            empty={t('offline.conflicts.empty')}
          />
          <Field
            label={t('offline.conflicts.tag')}
            value={text.tag}
            other={other.tag}
            empty={t('offline.conflicts.noTag')}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}

function ConflictChoice({
  conflict,
  onChoose,
  choosing,
  busy,
}: {
  conflict: Conflict;
  onChoose: (keep: 'mine' | 'theirs') => void;
  /** The version of this card being kept, while it is. */
  choosing: 'mine' | 'theirs' | null;
  /** A choice (of this card or another) is under way: one at a time. */
  busy: boolean;
}) {
  const { t } = useTranslation('cards');
  const headingId = useId();
  const name = conflict.kind === 'picture' ? conflict.change.second_side : conflict.change.first_side;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title
        order={3}
        size="h4"
        id={headingId}
        tabIndex={-1}
        data-conflict-heading
        style={{ overflowWrap: 'anywhere', outline: 'none' }}
      >
        {t('offline.conflicts.card', { name: excerpt(name) })}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Version
          title={t('offline.conflicts.mine')}
          kind={conflict.kind}
          text={conflict.change}
          other={conflict.theirs}
        />
        <Version
          title={t('offline.conflicts.theirs')}
          kind={conflict.kind}
          text={conflict.theirs}
          other={conflict.change}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          aria-describedby={headingId}
          loading={choosing === 'mine'}
          disabled={busy && choosing !== 'mine'}
          onClick={() => onChoose('mine')}
        >
          {t('offline.conflicts.keepMine')}
        </Button>
        <Button
          aria-describedby={headingId}
          loading={choosing === 'theirs'}
          disabled={busy && choosing !== 'theirs'}
          onClick={() => onChoose('theirs')}
        >
          {t('offline.conflicts.keepTheirs')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The cards changed both on this device and elsewhere before they were sent: both versions side by side,
 * the differences marked, and the learner keeps one. Nothing is lost until they choose.
 */
export function ConflictsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('cards');
  const queryClient = useQueryClient();
  const errorText = useOfflineErrorText();
  const listRef = useRef<HTMLDivElement>(null);

  const conflicts = useQuery({
    queryKey: conflictsKey,
    queryFn: async () => {
      const db = await accountDb();
      return db ? conflictsOf(db) : [];
    },
    enabled: opened,
    networkMode: 'always',
  });
  // Another conflict found by a sync while the dialog is open shows in it.
  const count = useSyncExternalStore(syncStore.subscribe, () => syncStore.get().conflicts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new count is the reason to read again
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: conflictsKey });
  }, [count, queryClient]);

  const choose = useMutation({
    mutationKey: ['offline', 'choose'],
    networkMode: 'always',
    mutationFn: async ({ conflict, keep }: { conflict: Conflict; keep: 'mine' | 'theirs' }) => {
      const db = await accountDb();
      if (!db) return;
      if (keep === 'mine') await chooseMine(db, conflict);
      else await chooseTheirs(db, conflict);
    },
    onSuccess: async (_, { conflict }) => {
      setChosen(conflict.card_id);
      await conflicts.refetch();
      await queryClient.invalidateQueries({ queryKey: deckKeys.all });
    },
  });

  const list = conflicts.data ?? [];
  // Once the card chosen is gone from the list on the screen, the keyboard goes on from the next one, or
  // from the message that none is left.
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    if (chosen === null || list.some((conflict) => conflict.card_id === chosen)) return;
    setChosen(null);
    listRef.current?.querySelector<HTMLElement>('[data-conflict-heading], [data-conflicts-empty]')?.focus();
  }, [chosen, list]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('offline.conflicts.title')}
      size="xl"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="lg" ref={listRef}>
        {choose.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(choose.error)}
          </Alert>
        )}
        {conflicts.isSuccess && list.length === 0 ? (
          <Text tabIndex={-1} data-conflicts-empty style={{ outline: 'none' }}>
            {t('offline.conflicts.none')}
          </Text>
        ) : (
          <>
            {list.length > 0 && <Text size="sm">{t('offline.conflicts.intro')}</Text>}
            {list.map((conflict) => (
              <ConflictChoice
                key={conflict.card_id}
                conflict={conflict}
                choosing={
                  choose.isPending && choose.variables.conflict.card_id === conflict.card_id
                    ? choose.variables.keep
                    : null
                }
                busy={choose.isPending}
                onChoose={(keep) => choose.mutate({ conflict, keep })}
              />
            ))}
          </>
        )}
      </Stack>
    </Modal>
  );
}
