import { CARD_SIDE_MAX_LENGTH } from '@flashcards/contract';
import { Alert, Button, Group, Kbd, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconCheck, IconPencil, IconThumbUp, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sideLanguage } from '../../lib/speech';
import type { Announce } from '../ui/use-announcer';
import { checkAnswer } from './answer-check';
import { AnswerDifferences } from './answer-differences';
import { expectedAnswer, sideAsText } from './card-sides';
import type { DeckCard } from './deck-source';
import keyHints from './key-hints.module.css';
import { ListenButton } from './listen-button';
import type { LearningType } from './practice-settings';
import { StudyCard } from './study-card';
import { useKeepInView } from './use-keep-in-view';
import { useShortcuts } from './use-shortcuts';

interface CardPlayProps {
  card: DeckCard;
  type: LearningType;
  /** Sends the answer (a score); the screen moves on through onNext. */
  onAnswer: (correct: boolean) => void;
  onNext: () => void;
  announce: Announce;
  /** Whether a card may be passed over without an answer (not in a game). */
  allowSkip: boolean;
  /** Whether the keys work (not while a dialog or the end of a game covers the card). */
  active: boolean;
  /** A change puts the focus back on the card (after a dialog that goes back to practising). */
  focusSignal?: number;
  /** Typing: whether é matches e and й matches и (the learner's choice). */
  ignoreAccents?: boolean;
  /**
   * Typing: counts the card's wrong answer as right ("I was right"), where an answer can be taken back;
   * resolves to whether it was.
   */
  onOverrule?: () => Promise<boolean>;
  /** The category's language, which its sides are spoken in (see `sideLanguage`). */
  language?: string;
}

function Shortcut({ children }: { children: string }) {
  return (
    <Kbd size="xs" aria-hidden="true" className={keyHints.keyHint}>
      {children}
    </Kbd>
  );
}

/**
 * One card being practised, mounted afresh for every card: turn it over and mark it (verbal), or type
 * the answer and see whether it was right (typing). The focus moves onto the new card, so keys and
 * screen readers follow it.
 */
export function CardPlay(props: CardPlayProps) {
  return props.type === 'typing' ? <TypingPlay {...props} /> : <VerbalPlay {...props} />;
}

function useSideWords(card: DeckCard) {
  const { t } = useTranslation('practice');
  const front = 'first_side_url' in card ? t('card.picture') : sideAsText(card, 'one');
  return (flipped: boolean) =>
    t('card.announceSide', {
      side: flipped ? t('card.sideTwo') : t('card.sideOne'),
      text: flipped ? sideAsText(card, 'two') : front,
    });
}

/** Listen to the side shown, where it is text (not a card's picture). */
function listenToSide(card: DeckCard, side: 'one' | 'two', language: string, active: boolean) {
  if (side === 'one' && 'first_side_url' in card) return null;
  const text = sideAsText(card, side);
  return <ListenButton text={text} language={sideLanguage(text, language)} active={active} />;
}

function VerbalPlay({
  card,
  onAnswer,
  onNext,
  announce,
  allowSkip,
  active,
  focusSignal,
  language = '',
}: CardPlayProps) {
  const { t } = useTranslation('practice');
  const hintId = useId();
  const sideWords = useSideWords(card);
  const [flipped, setFlipped] = useState(false);
  const cardRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new card, or a signal, moves the focus
  useEffect(() => cardRef.current?.focus(), [focusSignal]);

  const flip = () => {
    setFlipped(!flipped);
    announce(sideWords(!flipped));
  };
  const mark = (correct: boolean) => {
    if (!flipped) return;
    onAnswer(correct);
    onNext();
  };
  useShortcuts({ ' ': flip, '1': () => mark(true), '2': () => mark(false) }, active);

  return (
    <Stack gap="md">
      <StudyCard
        ref={cardRef}
        card={card}
        flipped={flipped}
        onFlip={flip}
        describedBy={hintId}
        corner={listenToSide(card, flipped ? 'two' : 'one', language, active)}
      />
      <Text id={hintId} size="sm" c="dimmed" ta="center">
        <span className={keyHints.keyHint}>{flipped ? t('session.markHint') : t('session.flipHint')}</span>
        <span className={keyHints.touchHint}>
          {flipped ? t('session.markHintTouch') : t('session.flipHintTouch')}
        </span>
      </Text>
      <Group grow gap="sm" preventGrowOverflow={false}>
        <Button
          color="teal.9"
          size="md"
          disabled={!flipped}
          onClick={() => mark(true)}
          aria-keyshortcuts="1"
          leftSection={<IconCheck size={20} aria-hidden="true" />}
          rightSection={<Shortcut>1</Shortcut>}
        >
          {t('session.guessed')}
        </Button>
        <Button
          color="red.9"
          size="md"
          disabled={!flipped}
          onClick={() => mark(false)}
          aria-keyshortcuts="2"
          leftSection={<IconX size={20} aria-hidden="true" />}
          rightSection={<Shortcut>2</Shortcut>}
        >
          {t('session.notGuessed')}
        </Button>
      </Group>
      {allowSkip && (
        <Group justify="center">
          <Button variant="subtle" onClick={onNext} aria-keyshortcuts="ArrowRight" rightSection={<NextKey />}>
            {t('session.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The arrow of a Next button, with its key hint beside it where keys are used. */
function NextKey() {
  return (
    <Group gap={6} wrap="nowrap">
      <IconArrowRight size={18} aria-hidden="true" />
      <Shortcut>→</Shortcut>
    </Group>
  );
}

function TypingPlay({
  card,
  onAnswer,
  onNext,
  announce,
  allowSkip,
  active,
  focusSignal,
  ignoreAccents = false,
  onOverrule,
  language = '',
}: CardPlayProps) {
  const { t } = useTranslation('practice');
  const sideWords = useSideWords(card);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<boolean | null>(null);
  // One slip (or only marks on letters) is pointed out once before the answer counts.
  const [almost, setAlmost] = useState(false);
  const [overruling, setOverruling] = useState(false);
  const [overruled, setOverruled] = useState(false);
  const [flipped, setFlipped] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const checked = result !== null;
  // On a phone the on-screen keyboard covers the lower part of the page: the field, and then the
  // feedback, stay in the part still visible.
  useKeepInView(answerRef, checked);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new card, or a signal, moves the focus
  useEffect(() => {
    if (checked) nextRef.current?.focus();
    else inputRef.current?.focus();
  }, [checked, focusSignal]);

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (checked) return;
    if (!typed.trim()) {
      setProblem(t('typing.required'));
      inputRef.current?.focus();
      return;
    }
    const verdict = checkAnswer(typed, expectedAnswer(card), { ignoreAccents });
    if (verdict === 'almost' && !almost) {
      // Said by the alert below the field; the learner corrects the answer in place.
      setAlmost(true);
      inputRef.current?.focus();
      return;
    }
    const correct = verdict === 'right';
    setResult(correct);
    setFlipped(true);
    // The result appears as an alert, which screen readers read out.
    onAnswer(correct);
  };
  const overrule = async () => {
    if (!onOverrule || overruling) return;
    setOverruling(true);
    const counted = await onOverrule();
    setOverruling(false);
    if (!counted) return;
    setOverruled(true);
    setResult(true);
    announce(t('typing.overruled'));
    nextRef.current?.focus();
  };
  const flip = () => {
    setFlipped(!flipped);
    announce(sideWords(!flipped));
  };
  // Once checked, Space turns the card like in verbal mode; before, it would give the answer away.
  useShortcuts({ ' ': flip }, active && checked);

  return (
    <Stack gap="md">
      <StudyCard
        card={card}
        flipped={flipped}
        onFlip={checked ? flip : undefined}
        compact
        corner={listenToSide(card, flipped ? 'two' : 'one', language, active)}
      />
      <Stack gap="md" ref={answerRef} className={keyHints.answerArea}>
        <form onSubmit={check} noValidate>
          <Stack gap="sm">
            <TextInput
              ref={inputRef}
              // The question is part of the field's name: the focus lands here, not on the card.
              label={
                <>
                  {t('typing.label')}
                  <VisuallyHidden>
                    {' '}
                    {'first_side_url' in card
                      ? t('typing.forPicture')
                      : t('typing.forQuestion', { question: sideAsText(card, 'one') })}
                  </VisuallyHidden>
                </>
              }
              placeholder={t('typing.placeholder')}
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setProblem(null);
              }}
              readOnly={checked}
              error={problem}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={CARD_SIDE_MAX_LENGTH}
              size="md"
            />
            {!checked && (
              <Group justify="center" gap="sm">
                <Button type="submit" size="md" leftSection={<IconCheck size={20} aria-hidden="true" />}>
                  {t('typing.check')}
                </Button>
                {allowSkip && (
                  <Button
                    variant="subtle"
                    onClick={onNext}
                    rightSection={<IconArrowRight size={18} aria-hidden="true" />}
                  >
                    {t('session.next')}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </form>
        {almost && !checked && (
          <Alert
            data-testid="typing-almost"
            color="yellow"
            variant="light"
            icon={<IconPencil aria-hidden="true" />}
            title={t('typing.almost')}
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {t('typing.almostHint')}
          </Alert>
        )}
        {checked && (
          <Alert
            data-testid="typing-feedback"
            color={result ? 'teal' : 'red'}
            variant="light"
            icon={result ? <IconCheck aria-hidden="true" /> : <IconX aria-hidden="true" />}
            title={overruled ? t('typing.overruled') : result ? t('typing.correct') : t('typing.notCorrect')}
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {(!result || overruled) && <AnswerDifferences typed={typed} expected={expectedAnswer(card)} />}
          </Alert>
        )}
        {checked && (
          <Group justify="center">
            {!result && onOverrule && (
              <Button
                variant="default"
                size="md"
                loading={overruling}
                onClick={() => void overrule()}
                leftSection={<IconThumbUp size={20} aria-hidden="true" />}
              >
                {t('typing.overrule')}
              </Button>
            )}
            <Button
              ref={nextRef}
              size="md"
              onClick={onNext}
              aria-keyshortcuts="Enter ArrowRight"
              rightSection={<NextKey />}
            >
              {t('session.next')}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
