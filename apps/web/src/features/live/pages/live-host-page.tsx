import { LIVE_LEADERBOARD_SIZE, type LiveHostState } from '@flashcards/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCheck,
  IconListNumbers,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrophy,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageLoader } from '../../../components/ui/page-loader';
import { useAnnouncer } from '../../../components/ui/use-announcer';
import { api } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { choiceLetter } from '../choice-letters';
import { ChoiceContent, ChoiceTile } from '../components/choice-tile';
import { ConnectionNotice } from '../components/connection-notice';
import { Countdown } from '../components/countdown';
import { Distribution } from '../components/distribution';
import { GameNotFound, gameIdOf } from '../components/game-not-found';
import { JoinQrCode } from '../components/join-qr-code';
import classes from '../components/live.module.css';
import { LiveNotice } from '../components/live-notice';
import { QuestionPrompt } from '../components/question-prompt';
import { Leaderboard, Podium, TeamStandings } from '../components/standings';
import { useRefusalText } from '../live-errors';
import { useFocusOnShow } from '../use-focus-on-show';
import { type LiveView, useLiveConnection } from '../use-live-connection';
import '../live-texts';

/** Refusals after which the server closes the host's socket: nothing to reconnect to. */
const FINAL = new Set(['not_found', 'not_authenticated']);

/** /live/:gameId: the host's screen of a game, for a projector. */
export function LiveHostPage() {
  const id = gameIdOf(useParams().gameId);
  if (id === null) return <GameNotFound />;
  return <HostScreen key={id} id={id} />;
}

type HostView = LiveView<LiveHostState>;
type Send = (
  message: { type: 'start' } | { type: 'next' } | { type: 'end' } | { type: 'remove'; player: number },
) => void;

function HostScreen({ id }: { id: number }) {
  const { t } = useTranslation('live');
  const refusal = useRefusalText();
  const [final, setFinal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // An action sent waits for the state it changes (or its refusal): a second click cannot skip a question.
  const [waitingOn, setWaitingOn] = useState<HostView | null>(null);
  const renew = useRef(false);
  const { announce, region } = useAnnouncer();

  const { view, status, send } = useLiveConnection<LiveHostState>({
    session: id,
    hello: async () => {
      // Refused once, the token is renewed before the next try; refused again, the session is over.
      const access = renew.current ? await api.refreshAccess() : await api.accessToken();
      return access ? { type: 'host', game: id, access } : null;
    },
    onMessage: (message, controls) => {
      if (message.type !== 'error') return;
      setWaitingOn(null);
      if (message.key === 'not_authenticated' && !renew.current) {
        renew.current = true;
        return;
      }
      if (FINAL.has(message.key)) {
        controls.stop();
        setFinal(message.key);
        return;
      }
      setNotice(refusal(message.key));
    },
  });

  if (final === 'not_found') return <GameNotFound />;
  if (final) return <Alert color="red">{refusal(final)}</Alert>;
  if (!view) return <PageLoader label={t('connection.connecting')} />;

  const act: Send = (message) => {
    setNotice(null);
    if (send(message)) setWaitingOn(view);
    else setNotice(t('connection.notSent'));
  };
  const busy = waitingOn === view || status !== 'connected';
  const { state } = view;
  const { game } = state;

  return (
    <Stack gap="lg" className={classes.stage}>
      {region}
      <ConnectionNotice status={status} />
      <Group justify="space-between" gap="sm">
        <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {game.title}
        </Text>
        <Group gap="sm">
          {game.phase !== 'lobby' && game.phase !== 'finished' && (
            <Text fz="lg" fw={600}>
              {t('host.codeInline', { code: game.code })}
            </Text>
          )}
          {game.phase !== 'finished' && <EndGame busy={busy} onEnd={() => act({ type: 'end' })} />}
        </Group>
      </Group>
      <LiveNotice notice={notice} onClose={() => setNotice(null)} />
      {game.phase === 'lobby' && <Lobby state={state} busy={busy} act={act} />}
      {game.phase === 'question' && state.question && (
        <QuestionStage
          key={`q${state.question.position}`}
          view={view}
          busy={busy}
          act={act}
          announce={announce}
        />
      )}
      {game.phase === 'reveal' && state.question && (
        <RevealStage key={`r${state.question.position}`} state={state} busy={busy} act={act} />
      )}
      {game.phase === 'finished' && <Finished state={state} id={id} />}
    </Stack>
  );
}

function EndGame({ busy, onEnd }: { busy: boolean; onEnd: () => void }) {
  const { t } = useTranslation('live');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        color="red"
        disabled={busy}
        leftSection={<IconPlayerStop size={18} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        {t('host.end')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={() => {
          setOpened(false);
          onEnd();
        }}
        title={t('host.endTitle')}
        confirmLabel={t('host.end')}
        cancelLabel={t('host.keepPlaying')}
        closeLabel={t('host.dismiss')}
        danger
      >
        {t('host.endText')}
      </ConfirmModal>
    </>
  );
}

function Lobby({ state, busy, act }: { state: LiveHostState; busy: boolean; act: Send }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const joinAddress = `${window.location.origin}${paths.play}`;
  const { code } = state.game;
  return (
    <Stack gap="lg">
      <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('host.lobbyTitle')}
      </Title>
      <Paper withBorder radius="lg" p="xl">
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap="md" miw={0}>
            <Text fz="1.75rem">
              {t('host.joinAt')}{' '}
              <Text span inherit fw={800}>
                {joinAddress.replace(/^https?:\/\//, '')}
              </Text>
            </Text>
            <Stack gap={4}>
              <Text fz="1.75rem" id="live-code-label">
                {t('host.code')}
              </Text>
              <Text className={classes.code} aria-labelledby="live-code-label">
                {code}
              </Text>
            </Stack>
          </Stack>
          <JoinQrCode address={`${joinAddress}?code=${code}`} label={t('host.qr', { code })} size={260} />
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3">
              <Group gap="xs" component="span">
                <IconUsers size={24} aria-hidden="true" />
                {t('host.players', { count: state.players.length, formatted: number(state.players.length) })}
              </Group>
            </Title>
            <Button
              size="lg"
              disabled={busy || state.players.length === 0}
              leftSection={<IconPlayerPlay size={22} aria-hidden="true" />}
              onClick={() => act({ type: 'start' })}
            >
              {t('host.start')}
            </Button>
          </Group>
          {state.players.length === 0 ? (
            <Text c="dimmed" fz="lg">
              {t('host.waiting')}
            </Text>
          ) : (
            <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {state.players
                .slice()
                .sort((a, b) => a.id - b.id)
                .map((player) => (
                  <Paper component="li" key={player.id} withBorder radius="xl" py={6} pl="md" pr={6}>
                    <Group gap="xs" wrap="nowrap">
                      <Text fz="lg" fw={700} className={classes.nickname}>
                        {player.nickname}
                      </Text>
                      {player.team !== null && (
                        <Text c="dimmed" fz="sm">
                          {t('teams.name', { number: player.team + 1 })}
                        </Text>
                      )}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        radius="xl"
                        disabled={busy}
                        aria-label={t('host.remove', { nickname: player.nickname })}
                        onClick={() => act({ type: 'remove', player: player.id })}
                      >
                        <IconX size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Group>
                  </Paper>
                ))}
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function QuestionHeading({ state }: { state: LiveHostState }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <Title order={1} ref={heading} tabIndex={-1} size="h2" style={{ outline: 'none' }}>
      {t('question.heading', {
        number: number((state.game.question ?? 0) + 1),
        count: number(state.game.questions_count),
      })}
    </Title>
  );
}

function Prompt({ state }: { state: LiveHostState }) {
  const { t } = useTranslation('live');
  const question = state.question!;
  return (
    <QuestionPrompt
      prompt={question.prompt}
      picture={question.picture}
      pictureLabel={t('question.picture', { number: question.position + 1 })}
      className={classes.prompt}
      maxPictureHeight="40vh"
    />
  );
}

function QuestionStage({
  view,
  busy,
  act,
  announce,
}: {
  view: HostView;
  busy: boolean;
  act: Send;
  announce: (text: string) => void;
}) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  const { state, offset } = view;
  const question = state.question!;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <QuestionHeading state={state} />
        <Button
          size="lg"
          variant="default"
          disabled={busy}
          rightSection={<IconArrowRight size={20} aria-hidden="true" />}
          onClick={() => act({ type: 'next' })}
        >
          {t('host.close')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="xl">
        <Prompt state={state} />
      </Paper>
      <Group justify="space-between" align="center">
        <Countdown
          closesAt={question.closes_at}
          offset={offset}
          seconds={state.game.question_seconds}
          size={140}
          announce={announce}
        />
        <Text fz="2rem" fw={800}>
          {t('host.answered', {
            answered: number(question.answered),
            players: number(state.players.length),
          })}
        </Text>
      </Group>
      <div className={classes.tiles}>
        {question.choices.map((text, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the choices of a question never move
          <ChoiceTile key={index} index={index}>
            <ChoiceContent index={index} letter={choiceLetter(t, index)} text={text} />
          </ChoiceTile>
        ))}
      </div>
    </Stack>
  );
}

function RevealStage({ state, busy, act }: { state: LiveHostState; busy: boolean; act: Send }) {
  const { t } = useTranslation('live');
  const question = state.question!;
  const last = (state.game.question ?? 0) + 1 >= state.game.questions_count;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <QuestionHeading state={state} />
        <Button
          size="lg"
          disabled={busy}
          rightSection={
            last ? (
              <IconTrophy size={22} aria-hidden="true" />
            ) : (
              <IconArrowRight size={22} aria-hidden="true" />
            )
          }
          onClick={() => act({ type: 'next' })}
        >
          {last ? t('host.podium') : t('host.next')}
        </Button>
      </Group>
      <Prompt state={state} />
      <div className={classes.tiles} data-compact>
        {question.choices.map((text, index) => {
          const right = index === question.correct;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the choices of a question never move
            <ChoiceTile key={index} index={index} state={right ? 'correct' : 'other'}>
              <ChoiceContent index={index} letter={choiceLetter(t, index)} text={text} />
              {right && (
                <Group gap={4} wrap="nowrap" fz="1rem">
                  <IconCheck size={28} stroke={3} aria-hidden="true" />
                  <span>{t('reveal.right')}</span>
                </Group>
              )}
            </ChoiceTile>
          );
        })}
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('reveal.answers')}
            </Title>
            <Distribution
              choices={question.choices}
              counts={question.distribution ?? question.choices.map(() => 0)}
              correct={question.correct}
            />
          </Stack>
        </Paper>
        <Stack gap="lg">
          <Leaderboard
            standings={state.players.slice(0, LIVE_LEADERBOARD_SIZE)}
            title={t('standings.title')}
            large
          />
          <TeamStandings teams={state.teams} large />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function Finished({ state, id }: { state: LiveHostState; id: number }) {
  const { t } = useTranslation('live');
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <Stack gap="xl">
      <Title order={1} ref={heading} tabIndex={-1} ta="center" style={{ outline: 'none' }}>
        {t('host.finished')}
      </Title>
      {state.players.length > 0 ? (
        <Podium standings={state.players} large />
      ) : (
        <Text ta="center" c="dimmed" fz="lg">
          {t('host.nobodyPlayed')}
        </Text>
      )}
      <TeamStandings teams={state.teams} large />
      <Group justify="center" gap="md">
        <Button
          component={Link}
          size="lg"
          to={generatePath(paths.liveResults, { gameId: String(id) })}
          leftSection={<IconListNumbers size={22} aria-hidden="true" />}
        >
          {t('host.results')}
        </Button>
        <Anchor component={Link} to={paths.liveGames} fz="lg">
          {t('host.myGames')}
        </Anchor>
      </Group>
    </Stack>
  );
}
