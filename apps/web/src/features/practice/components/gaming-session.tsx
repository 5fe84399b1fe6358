import { Badge, Button, Group, Paper, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconFlag, IconPlayerPlay, IconRefresh, IconTrophy } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardPlay } from '../../../components/deck/card-play';
import { LimitReached } from '../../../components/deck/daily-limit-modal';
import { DeckNotReady } from '../../../components/deck/empty-deck';
import { SessionFrame } from '../../../components/deck/session-frame';
import { SessionTally } from '../../../components/deck/session-tally';
import type { SessionProps } from '../../../components/deck/standard-session';
import { useDeckSession } from '../../../components/deck/use-deck-session';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useAnnouncer } from '../../../components/ui/use-announcer';
import { useFormatters } from '../../../lib/format';
import {
  MAX_MULTIPLIER,
  multiplierFor,
  newGame,
  POINTS_PER_ANSWER,
  ROUND_SECONDS,
  STREAK_STEP,
  scoreAnswer,
} from '../gaming-score';
import classes from './gaming-session.module.css';

type Phase = 'ready' | 'playing' | 'over';

/** The current time, ticking while `every` is set. */
function useNow(every: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (every === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(timer);
  }, [every]);
  return now;
}

const clock = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The gaming mode: the same deck as a timed round. Right answers earn points, multiplied by the streak
 * of right answers in a row; a wrong one ends the streak. Answers still count as scores on the server.
 */
export function GamingSession(props: SessionProps) {
  const { settings, cardsPath, onChangeFilter } = props;
  const { t } = useTranslation('practice');
  const { number } = useFormatters();
  const reduceMotion = useReducedMotion();
  const session = useDeckSession(props.source, settings.type, { endless: true });
  const { announce, region } = useAnnouncer();

  const [phase, setPhase] = useState<Phase>('ready');
  const [score, setScore] = useState(newGame);
  const [endsAt, setEndsAt] = useState(0);
  // Why the round ended: time up, ended by the player, or no card left to answer.
  const [ending, setEnding] = useState<'time' | 'ended' | 'empty'>('time');
  const now = useNow(phase === 'playing' ? 200 : null);
  const roundMs = ROUND_SECONDS * 1000;
  const left = phase === 'playing' ? Math.max(0, Math.min(roundMs, endsAt - now)) : roundMs;
  const overHeading = useRef<HTMLHeadingElement>(null);

  const { round, card, limit } = session;
  // The daily limit ends a round being played (the frame shows its modal).
  useEffect(() => {
    if (limit) setPhase((current) => (current === 'playing' ? 'over' : current));
  }, [limit]);

  // Time is up; or every card that matches is learned while playing.
  const deckEmpty = Boolean(round) && !card;
  useEffect(() => {
    if (phase !== 'playing') return;
    if (left > 0 && !deckEmpty) return;
    setEnding(left > 0 ? 'empty' : 'time');
    setPhase('over');
  }, [phase, left, deckEmpty]);

  const lastTen = phase === 'playing' && left <= 10_000;
  useEffect(() => {
    if (lastTen) announce(t('game.tenSeconds'));
  }, [lastTen, announce, t]);

  useEffect(() => {
    if (phase === 'over') overHeading.current?.focus();
  }, [phase]);

  const start = () => {
    setScore(newGame);
    setEnding('time');
    setEndsAt(Date.now() + roundMs);
    setPhase('playing');
  };
  const playAgain = async () => {
    setPhase('ready');
    await session.restart();
    start();
  };

  const multiplier = multiplierFor(score.streak);
  const hud = (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-around" gap="md">
        <Figure label={t('game.timeLeft')}>
          <Text className={classes.score} fz={28} fw={800} role="timer" c={lastTen ? 'red' : undefined}>
            {clock(left)}
          </Text>
        </Figure>
        <Figure label={t('game.score')}>
          <Text className={classes.score} fz={28} fw={800}>
            {number(score.points)}
          </Text>
        </Figure>
        <Figure label={t('game.streak')}>
          <Group gap={6} wrap="nowrap">
            <Text className={classes.score} fz={28} fw={800}>
              {number(score.streak)}
            </Text>
            <Badge
              key={multiplier}
              className={multiplier > 1 ? classes.pulse : undefined}
              size="lg"
              color={multiplier > 1 ? 'grape' : 'gray'}
            >
              <span aria-hidden="true">×{multiplier}</span>
              <VisuallyHidden>{t('game.multiplierLabel', { multiplier })}</VisuallyHidden>
            </Badge>
          </Group>
        </Figure>
      </Group>
      <Progress
        mt="sm"
        value={(left / roundMs) * 100}
        color={lastTen ? 'red' : undefined}
        size="md"
        radius="xl"
        aria-label={t('game.timeLeft')}
        transitionDuration={reduceMotion ? 0 : 200}
      />
    </Paper>
  );

  let content: ReactNode;
  if (phase === 'over')
    content = (
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Stack gap="md" align="center">
          <IconTrophy size={48} aria-hidden="true" color="var(--mantine-color-yellow-6)" />
          <Title order={2} ref={overHeading} tabIndex={-1} style={{ outline: 'none' }}>
            {limit ? t('limit.stopped') : ending === 'time' ? t('game.over') : t('game.overEarly')}
          </Title>
          {ending === 'empty' && <Text c="dimmed">{t('session.empty')}</Text>}
          <Stack gap={0}>
            <Text c="dimmed">{t('game.finalScore')}</Text>
            <Text className={classes.score} fz={56} fw={900} lh={1.1}>
              {t('game.points', { count: score.points, formatted: number(score.points) })}
            </Text>
          </Stack>
          <Group gap="lg" justify="center">
            <SessionTally
              correct={score.correct}
              wrong={score.wrong}
              leftToday={session.leftToday}
              savedOnDevice={session.savedOnDevice}
            />
            <Text size="sm" fw={600}>
              {t('game.bestStreak', { formatted: number(score.bestStreak) })}
            </Text>
          </Group>
          <Group gap="sm" justify="center">
            {!limit && (
              <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={playAgain}>
                {t('game.playAgain')}
              </Button>
            )}
            <Button component={Link} to={cardsPath} variant="default">
              {t('session.allCards')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  else if (limit) content = <LimitReached message={limit.detail ?? ''} cardsPath={cardsPath} />;
  // While playing, the timer stays on the screen between rounds (below).
  else if (phase === 'ready' && (!round || !card))
    content = <DeckNotReady session={session} cardsPath={cardsPath} onChangeFilter={onChangeFilter} />;
  else if (phase === 'ready')
    content = (
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md" align="center" ta="center">
          <Title order={2}>{t('game.readyTitle')}</Title>
          <Text>
            {t('game.intro', {
              seconds: ROUND_SECONDS,
              points: POINTS_PER_ANSWER,
              step: STREAK_STEP,
              max: MAX_MULTIPLIER,
            })}
          </Text>
          <Button
            size="lg"
            leftSection={<IconPlayerPlay size={20} aria-hidden="true" />}
            onClick={start}
            autoFocus
          >
            {t('game.start')}
          </Button>
        </Stack>
      </Paper>
    );
  else
    content = (
      <Stack gap="md">
        {hud}
        {session.dealing ? (
          <PageLoader label={t('loading.deck')} />
        ) : !round ? (
          <LoadError onRetry={() => session.deck.refetch()} />
        ) : (
          card && (
            <CardPlay
              key={`${session.roundNumber}-${round.position}`}
              card={card}
              type={settings.type}
              onAnswer={(correct) => {
                session.submit(card, correct);
                setScore((current) => scoreAnswer(current, correct));
              }}
              onNext={session.next}
              announce={announce}
              allowSkip={false}
              active={!limit}
              language={props.category.language}
            />
          )
        )}
        <Group justify="center">
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFlag size={18} aria-hidden="true" />}
            onClick={() => {
              setEnding('ended');
              setPhase('over');
            }}
          >
            {t('game.end')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <SessionFrame of={props} region={region} limit={limit}>
      {content}
    </SessionFrame>
  );
}
