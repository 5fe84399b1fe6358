import type { LiveClientMessage, LivePlayerState } from '@flashcards/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconClock, IconFlame, IconLogin2, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatTile } from '../../../components/ui/stat-tile';
import { type Announce, useAnnouncer } from '../../../components/ui/use-announcer';
import { api } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/format';
import { useIsSignedIn } from '../../../lib/session';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { choiceLetter, choiceName } from '../choice-letters';
import { ChoiceContent } from '../components/choice-tile';
import { ConnectionNotice } from '../components/connection-notice';
import { Countdown } from '../components/countdown';
import classes from '../components/live.module.css';
import { LiveNotice } from '../components/live-notice';
import { QuestionPrompt } from '../components/question-prompt';
import { Leaderboard, Podium, TeamStandings } from '../components/standings';
import type { ConnectionStatus } from '../live-connection';
import { useRefusalText } from '../live-errors';
import { type JoinValues, joinForm } from '../live-form';
import { forgetPlayer, keepPlayer, playerToResume, type StoredPlayer } from '../player-token';
import { useFocusOnShow } from '../use-focus-on-show';
import { type LiveView, useLiveConnection } from '../use-live-connection';
import '../live-texts';

/** Refusals that end this player's game: the stored token is forgotten and the join form shows. */
const ENDING = new Set(['live_removed', 'not_found']);
/** Refusals of an answer, shown where the answer was. */
const ANSWER_REFUSALS = new Set(['live_question_closed', 'live_answered', 'live_choice']);

/** My answer to the open question, as far as it got. */
type SentAnswer = {
  question: number;
  choice: number;
  status: 'sent' | 'received' | 'refused';
  refusal?: string;
};

type PlayerView = LiveView<LivePlayerState>;

/**
 * /play: a player's phone. The join form (the code from `?code=`), then the game as this player sees it.
 * A player this browser already is comes back into their game at once.
 */
export function PlayPage() {
  const { t } = useTranslation(['live', 'errors']);
  const { number } = useFormatters();
  const refusal = useRefusalText();
  const signedIn = useIsSignedIn();
  const [params] = useSearchParams();
  const codeInAddress = params.get('code');
  // The player this browser is (from storage, or once joined), and what the next socket says first.
  const player = useRef<StoredPlayer | null>(null);
  const joining = useRef<{ code: string; nickname: string } | null>(null);
  const [session, setSession] = useState<number | null>(() => {
    player.current = playerToResume(codeInAddress);
    return player.current ? 1 : null;
  });
  const [left, setLeft] = useState<string | null>(null);
  const [answer, setAnswer] = useState<SentAnswer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { announce, region } = useAnnouncer();
  const form = useSchemaForm<JoinValues>({
    schema: joinForm,
    initialValues: { code: codeInAddress?.replace(/\D/g, '') ?? '', nickname: '' },
  });

  const backToForm = (message: string | null) => {
    setSession(null);
    setAnswer(null);
    setLeft(message);
  };

  const { view, status, send, stop } = useLiveConnection<LivePlayerState>({
    session,
    hello: async (): Promise<LiveClientMessage | null> => {
      if (player.current) return { type: 'resume', token: player.current.token };
      if (!joining.current) return null;
      // Signed in, the player is recognised as the account (the game counts as its practice).
      const access = signedIn ? await api.accessToken() : null;
      return { type: 'join', ...joining.current, ...(access ? { access } : {}) };
    },
    onMessage: (message, controls) => {
      if (message.type === 'joined') {
        player.current = { token: message.token, code: joining.current?.code ?? '' };
        keepPlayer(player.current);
        return;
      }
      if (message.type === 'answered') {
        setAnswer((sent) =>
          sent && sent.question === message.question ? { ...sent, status: 'received' } : sent,
        );
        announce(t('answer.received'));
        return;
      }
      // A refusal.
      if (!player.current) {
        // Joining was refused: the form says why, beside the field it names where it names one.
        controls.stop();
        const fields = Object.entries(message.fields ?? {});
        backToForm(
          fields.length > 0 ? null : message.key === 'not_found' ? t('join.noGame') : refusal(message.key),
        );
        form.setErrors(Object.fromEntries(fields.map(([field, key]) => [field, refusal(key)])));
        return;
      }
      if (ENDING.has(message.key)) {
        controls.stop();
        forgetPlayer();
        player.current = null;
        backToForm(message.key === 'not_found' ? t('join.gameGone') : refusal(message.key));
        return;
      }
      if (ANSWER_REFUSALS.has(message.key)) {
        const text = refusal(message.key);
        setAnswer((sent) => (sent ? { ...sent, status: 'refused', refusal: text } : sent));
        announce(text);
        return;
      }
      setNotice(refusal(message.key));
    },
  });

  const join = form.submit((values) => {
    form.clearErrors();
    setLeft(null);
    setNotice(null);
    // The form holds what was typed; the socket gets it checked (the code's spaces gone, the nickname trimmed).
    joining.current = joinForm.parse(values);
    setSession((current) => (current ?? 0) + 1);
  });

  const leave = () => {
    stop();
    forgetPlayer();
    player.current = null;
    joining.current = null;
    backToForm(null);
  };

  const choose = (question: number, choice: number) => {
    if (send({ type: 'answer', question, choice })) {
      setAnswer({ question, choice, status: 'sent' });
      announce(t('answer.sent'));
    } else setNotice(t('connection.notSent'));
  };

  if (session === null) return <JoinForm form={form} onSubmit={join} message={left} />;
  if (!view)
    return (
      <Stack align="center" gap="md" py="xl" role="status">
        <Loader aria-hidden="true" />
        <Text>{player.current ? t('join.resuming') : t('join.joining')}</Text>
      </Stack>
    );

  const { state } = view;
  const phase = state.game.phase;
  const position = state.question?.position ?? null;
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      {region}
      <ConnectionNotice status={status} />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {state.you.nickname}
          {state.you.team !== null && (
            <Text span c="dimmed" fw={400}>
              {' · '}
              {t('teams.name', { number: state.you.team + 1 })}
            </Text>
          )}
        </Text>
        {/* Hidden while a question is open: a score grown by this question's answer would tell it was right. */}
        {phase !== 'question' && (
          <Badge size="lg" variant="light" style={{ flex: 'none' }}>
            {t('you.points', { count: state.you.score, formatted: number(state.you.score) })}
          </Badge>
        )}
      </Group>
      <LiveNotice notice={notice} onClose={() => setNotice(null)} />
      {phase === 'lobby' && <PlayerLobby state={state} />}
      {phase === 'question' && state.question && (
        <PlayerQuestion
          key={`q${position}`}
          view={view}
          status={status}
          answer={answer?.question === position ? answer : null}
          onChoose={choose}
          announce={announce}
        />
      )}
      {phase === 'reveal' && state.question && <PlayerReveal key={`r${position}`} state={state} />}
      {phase === 'finished' && <PlayerFinished state={state} onLeave={leave} />}
    </Stack>
  );
}

function JoinForm({
  form,
  onSubmit,
  message,
}: {
  form: ReturnType<typeof useSchemaForm<JoinValues>>;
  onSubmit: ReturnType<ReturnType<typeof useSchemaForm<JoinValues>>['submit']>;
  message: string | null;
}) {
  const { t } = useTranslation('live');
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <Stack gap="lg" maw={480} mx="auto" w="100%">
      <Stack gap="xs">
        <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('join.title')}
        </Title>
        <Text size="lg">{t('join.intro')}</Text>
      </Stack>
      <Paper withBorder radius="lg" p="lg">
        <form ref={form.formRef} onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {message && <Alert color="yellow">{message}</Alert>}
            <TextInput
              label={t('join.code')}
              description={t('join.codeHint')}
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              size="lg"
              styles={{ input: { letterSpacing: '0.2em', fontWeight: 700 } }}
              {...form.getInputProps('code')}
            />
            <TextInput
              label={t('join.nickname')}
              description={t('join.nicknameHint')}
              required
              autoComplete="nickname"
              maxLength={40}
              size="lg"
              {...form.getInputProps('nickname')}
            />
            <Button type="submit" size="lg" leftSection={<IconLogin2 size={20} aria-hidden="true" />}>
              {t('join.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function PhaseHeading({ children }: { children: ReactNode }) {
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}

function PlayerLobby({ state }: { state: LivePlayerState }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack gap="md" align="center" ta="center">
        <PhaseHeading>{t('lobby.title')}</PhaseHeading>
        <Text size="lg">{t('lobby.wait')}</Text>
        <Text fz="2rem" fw={800} className={classes.nickname}>
          {state.you.nickname}
        </Text>
        {state.you.team !== null && (
          <Badge size="xl" variant="filled">
            {t('teams.name', { number: state.you.team + 1 })}
          </Badge>
        )}
        <Text c="dimmed">
          {t('lobby.players', { count: state.game.players, formatted: number(state.game.players) })}
        </Text>
      </Stack>
    </Paper>
  );
}

function QuestionTitle({ state }: { state: LivePlayerState }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  return (
    <PhaseHeading>
      {t('question.heading', {
        number: number((state.game.question ?? 0) + 1),
        count: number(state.game.questions_count),
      })}
    </PhaseHeading>
  );
}

function PlayerQuestion({
  view,
  status,
  answer,
  onChoose,
  announce,
}: {
  view: PlayerView;
  status: ConnectionStatus;
  answer: SentAnswer | null;
  onChoose: (question: number, choice: number) => void;
  announce: Announce;
}) {
  const { t } = useTranslation('live');
  const { state, offset } = view;
  const question = state.question!;
  // Counted by the server (this state, or its acknowledgement), or still on its way.
  const counted = state.answer ?? (answer?.status === 'received' ? answer : null);
  const chosen = counted?.choice ?? (answer?.status === 'sent' ? answer.choice : null);
  const canAnswer = chosen === null && answer?.status !== 'refused' && status === 'connected';

  // Keys 1 to 4 choose, as the buttons' order.
  const choose = useRef({ canAnswer, onChoose, position: question.position, count: question.choices.length });
  useEffect(() => {
    choose.current = { canAnswer, onChoose, position: question.position, count: question.choices.length };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const index = Number(event.key) - 1;
      const current = choose.current;
      if (!current.canAnswer || !Number.isInteger(index) || index < 0 || index >= current.count) return;
      event.preventDefault();
      current.onChoose(current.position, index);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="center">
        <QuestionTitle state={state} />
        <Countdown
          closesAt={question.closes_at}
          offset={offset}
          seconds={state.game.question_seconds}
          size={72}
          announce={announce}
        />
      </Group>
      <QuestionPrompt
        prompt={question.prompt}
        picture={question.picture}
        pictureLabel={t('question.picture', { number: question.position + 1 })}
        className={classes.phonePrompt}
        maxPictureHeight="30vh"
      />
      {chosen === null ? (
        <Stack gap="xs">
          {answer?.status === 'refused' && <Alert color="orange">{answer.refusal}</Alert>}
          <fieldset className={classes.tiles}>
            <VisuallyHidden component="legend">{t('answer.choose')}</VisuallyHidden>
            {question.choices.map((text, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: the choices of a question never move
                key={index}
                type="button"
                className={classes.tile}
                data-choice={index}
                disabled={!canAnswer}
                aria-label={choiceName(t, index, text)}
                aria-keyshortcuts={String(index + 1)}
                onClick={() => onChoose(question.position, index)}
              >
                <ChoiceContent index={index} letter={choiceLetter(t, index)} text={text} />
              </button>
            ))}
          </fieldset>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {t('answer.keys')}
          </Text>
        </Stack>
      ) : (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm" align="center" ta="center">
            <Group gap="xs">
              {counted ? <IconCheck size={28} aria-hidden="true" /> : <Loader size="sm" aria-hidden="true" />}
              <Text fz="xl" fw={700}>
                {counted ? t('answer.received') : t('answer.sent')}
              </Text>
            </Group>
            <div className={classes.tile} data-choice={chosen} style={{ width: '100%' }}>
              <ChoiceContent
                index={chosen}
                letter={choiceLetter(t, chosen)}
                text={question.choices[chosen] ?? ''}
              />
            </div>
            <Text c="dimmed">{t('answer.waitOthers')}</Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function PlayerReveal({ state }: { state: LivePlayerState }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  const question = state.question!;
  const mine = state.answer;
  const correct = question.correct;
  const result = !mine ? 'none' : mine.correct ? 'right' : 'wrong';
  const icon = { right: <IconCheck size={40} />, wrong: <IconX size={40} />, none: <IconClock size={40} /> }[
    result
  ];
  return (
    <Stack gap="md">
      <Paper radius="lg" p="lg" bg={{ right: 'teal.9', wrong: 'red.9', none: 'gray.7' }[result]} c="white">
        <Stack gap="xs" align="center" ta="center">
          <span aria-hidden="true">{icon}</span>
          <PhaseHeading>{t(`result.${result}`)}</PhaseHeading>
          {mine?.points !== null && mine?.points !== undefined && (
            <Text fz="1.75rem" fw={800}>
              {t('reveal.points', { count: mine.points, formatted: number(mine.points) })}
            </Text>
          )}
        </Stack>
      </Paper>
      {correct !== null && result !== 'right' && (
        <Stack gap={4}>
          <Text fw={600}>{t('reveal.rightAnswer')}</Text>
          <div className={classes.tile} data-choice={correct} data-state="correct">
            <ChoiceContent
              index={correct}
              letter={choiceLetter(t, correct)}
              text={question.choices[correct] ?? ''}
            />
          </div>
        </Stack>
      )}
      <YourStanding state={state} />
      {state.leaderboard.length > 0 && (
        <Leaderboard standings={state.leaderboard} title={t('standings.title')} you={state.you.id} />
      )}
      <TeamStandings teams={state.teams} />
    </Stack>
  );
}

function YourStanding({ state }: { state: LivePlayerState }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  return (
    <SimpleGrid cols={3} spacing="sm">
      <StatTile label={t('you.score')} value={number(state.you.score)} />
      <StatTile
        label={t('you.place')}
        value={t('you.placeOf', { rank: number(state.you.rank), count: number(state.game.players) })}
      />
      <Paper withBorder p="sm" radius="md">
        <Text size="xs" c="dimmed">
          {t('you.streak')}
        </Text>
        <Group gap={4} wrap="nowrap">
          {state.you.streak > 1 && (
            <IconFlame size={20} color="var(--mantine-color-orange-8)" aria-hidden="true" />
          )}
          <Text fw={700} size="lg">
            {number(state.you.streak)}
          </Text>
        </Group>
      </Paper>
    </SimpleGrid>
  );
}

function PlayerFinished({ state, onLeave }: { state: LivePlayerState; onLeave: () => void }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  return (
    <Stack gap="lg">
      <Stack gap="xs" align="center" ta="center">
        <PhaseHeading>{t('finished.title')}</PhaseHeading>
        <Text fz="xl" fw={700}>
          {t('finished.place', { rank: number(state.you.rank), count: number(state.game.players) })}
        </Text>
        <Text fz="lg">{t('you.points', { count: state.you.score, formatted: number(state.you.score) })}</Text>
      </Stack>
      {state.leaderboard.length > 0 && <Podium standings={state.leaderboard} />}
      <TeamStandings teams={state.teams} />
      <Button variant="default" size="md" onClick={onLeave} style={{ alignSelf: 'center' }}>
        {t('finished.another')}
      </Button>
    </Stack>
  );
}
