import type { Category } from '@flashcards/contract';
import { Button, Divider, Group, Kbd, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconFlag } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { useAnnouncer } from '../ui/use-announcer';
import { CardPlay } from './card-play';
import { LimitReached } from './daily-limit-modal';
import type { DeckSource } from './deck-source';
import { DeckNotReady } from './empty-deck';
import keyHints from './key-hints.module.css';
import type { LearningType, PracticeSettings } from './practice-settings';
import { SessionEnd } from './session-end';
import { SessionFrame } from './session-frame';
import { SessionTally } from './session-tally';
import { useDeckSession } from './use-deck-session';
import { useShortcuts } from './use-shortcuts';

/** What a session shows of what it practises: a category of mine, or a path's (with its own counts). */
export type SessionCategory = Pick<
  Category,
  'id' | 'name' | 'learned_cards_verbal_len' | 'learned_cards_typing_len'
> & {
  /** The language its sides are spoken in, where the category has one. */
  language?: string;
};

export const learnedOf = (category: SessionCategory, type: LearningType) =>
  type === 'typing' ? category.learned_cards_typing_len : category.learned_cards_verbal_len;

export interface SessionProps {
  /** The category as it is now: its learned counts follow the answers. */
  category: SessionCategory;
  settings: PracticeSettings;
  cardsPath: string;
  /** The name of the way back to `cardsPath` ("All cards" unless given). */
  backLabel?: string;
  /** Opens the filter; without it the session's filter is fixed (a learning path's). */
  onChangeFilter?: () => void;
  /** Where the deck comes from: one of my categories with the settings' filter, or a learning path. */
  source: DeckSource;
  /** What stays on the screen when the source refused (the daily limit unless given). */
  stopped?: (message: string) => ReactNode;
}

/**
 * The standard mode: one round of the deck at the learner's pace, then its summary in the page. The
 * last answer can be taken back (a button, or Z / Backspace outside a field).
 */
export function StandardSession(props: SessionProps) {
  const { category, settings, cardsPath, onChangeFilter, stopped, backLabel, source } = props;
  const { t } = useTranslation('practice');
  const { number } = useFormatters();
  const session = useDeckSession(source, settings.type);
  const { announce, region } = useAnnouncer();
  const learnedAtStart = useRef(learnedOf(category, settings.type));
  // The answers say the moment they learn a card; a source whose answers do not (a path's) is followed
  // through its saved counts, which arrive later.
  const learned = source.reportsLearned
    ? session.summary.learned
    : Math.max(0, learnedOf(category, settings.type) - learnedAtStart.current);
  const [focusSignal, setFocusSignal] = useState(0);

  const limit = session.limit;
  const undo = async () => {
    if (!session.canUndo) return;
    if (await session.undo()) {
      announce(t('undo.done'));
      notifications.show({ message: t('undo.done'), closeButtonProps: { 'aria-label': t('actions.close') } });
      setFocusSignal((n) => n + 1);
    }
  };
  const playing = session.phase === 'playing' && !limit;
  useShortcuts({ z: undo, Z: undo, Backspace: undo }, session.canUndo && !limit);
  useShortcuts({ ArrowRight: session.next }, playing && Boolean(session.card));

  const { round, card } = session;
  let content: ReactNode;
  if (limit)
    content = stopped ? (
      stopped(limit.detail ?? '')
    ) : (
      <LimitReached message={limit.detail ?? ''} cardsPath={cardsPath} />
    );
  // While the deck is dealt there is no round yet: DeckNotReady shows its loader.
  else if (session.phase !== 'playing' && round)
    content = (
      <SessionEnd
        saving={session.phase === 'finishing'}
        summary={{ ...session.summary, learned }}
        elapsed={session.elapsed}
        categoryName={category.name}
        type={settings.type}
        cardsPath={cardsPath}
        backLabel={backLabel}
        onAnotherRound={() => void session.anotherRound()}
        onWrongAgain={session.wrongOnesAgain}
        onUndo={session.canUndo ? undo : undefined}
      />
    );
  else if (!round || !card)
    content = (
      <DeckNotReady
        session={session}
        cardsPath={cardsPath}
        backLabel={backLabel}
        onChangeFilter={onChangeFilter}
      />
    );
  else
    content = (
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('session.progress', {
              position: number(round.position + 1),
              total: number(round.cards.length),
            })}
          </Text>
          <SessionTally
            correct={session.tally.correct}
            wrong={session.tally.wrong}
            learned={learned}
            leftToday={session.leftToday}
            savedOnDevice={session.savedOnDevice}
          />
        </Group>
        <Progress
          value={((round.position + 1) / round.cards.length) * 100}
          size="sm"
          radius="xl"
          aria-label={t('session.roundProgress')}
        />
        <CardPlay
          key={`${session.roundNumber}-${round.position}`}
          card={card}
          type={settings.type}
          onAnswer={(correct) => session.submit(card, correct)}
          onNext={session.next}
          announce={announce}
          allowSkip
          active={playing}
          focusSignal={focusSignal}
          ignoreAccents={settings.ignoreAccents}
          onOverrule={source.undo ? () => session.overrule(card) : undefined}
          language={category.language}
        />
        <Divider />
        <Group justify="center" gap="sm">
          {source.undo && (
            <Button
              variant="subtle"
              color="gray"
              disabled={!session.canUndo}
              leftSection={<IconArrowBackUp size={18} aria-hidden="true" />}
              rightSection={
                <Kbd size="xs" aria-hidden="true" className={keyHints.keyHint}>
                  Z
                </Kbd>
              }
              aria-keyshortcuts="z"
              onClick={undo}
            >
              {t('undo.button')}
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconFlag size={18} aria-hidden="true" />}
            onClick={session.end}
          >
            {t('session.end')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <SessionFrame of={props} region={region} limit={stopped ? null : limit}>
      {content}
    </SessionFrame>
  );
}
