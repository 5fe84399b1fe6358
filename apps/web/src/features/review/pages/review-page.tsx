import type { Category, ReviewAnswerBody, ReviewMode, ReviewSession } from '@flashcards/contract';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarCheck, IconConfetti } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { CardPlay } from '../../../components/deck/card-play';
import { CategoryMissing } from '../../../components/deck/category-missing';
import { isDailyLimit } from '../../../components/deck/daily-limit';
import { LimitReached } from '../../../components/deck/daily-limit-modal';
import { SessionTally } from '../../../components/deck/session-tally';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { useAnnouncer } from '../../../components/ui/use-announcer';
import { isUnreachable } from '../../../lib/api-client';
import { cardsPathOf, categoryIdFrom, practicePathOf } from '../../../lib/category-paths';
import { useCategory } from '../../../lib/category-queries';
import { deckKeys } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { answerReview, answerReviewOffline, getReviewSession, reviewKeys } from '../api/review-api';
import '../../../lib/review-texts';

const modeOf = (value: string | null): ReviewMode => (value === 'typing' ? 'typing' : 'verbal');

function Missing() {
  const { t } = useTranslation('review');
  return <CategoryMissing text={t('notFound')} back={{ to: paths.myCategories, label: t('toCategories') }} />;
}

/** /review/:categoryId: the spaced review of one of my text or picture categories. */
export function ReviewPage() {
  const id = categoryIdFrom(useParams().categoryId);
  if (id === null) return <Missing />;
  return <ReviewOfCategory key={id} id={id} />;
}

function ReviewOfCategory({ id }: { id: number }) {
  const { t } = useTranslation('review');
  const category = useCategory(id);
  const [params, setParams] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  const [round, setRound] = useState(0);
  const queryClient = useQueryClient();

  const again = () => {
    // The next round is dealt afresh: what is due has changed.
    queryClient.removeQueries({ queryKey: reviewKeys.session(id, mode) });
    setRound((n) => n + 1);
  };

  return (
    <QueryState query={category} loading={<PageLoader label={t('loading')} />} missing={<Missing />}>
      {(found) => (
        <Stack gap="lg" maw={720} mx="auto" w="100%">
          <Stack gap={4}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {t('title', { name: found.name })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
          </Stack>
          {found.type_of_cards === 'kids' ? (
            <Text>{t('kids')}</Text>
          ) : (
            <>
              <Group justify="space-between" gap="sm">
                <SegmentedControl
                  aria-label={t('mode.label')}
                  value={mode}
                  onChange={(value) => setParams({ mode: value }, { replace: true })}
                  data={[
                    { value: 'verbal', label: t('mode.verbal') },
                    { value: 'typing', label: t('mode.typing') },
                  ]}
                />
                <Button component={Link} to={cardsPathOf(found)} variant="default">
                  {t('allCards')}
                </Button>
              </Group>
              <Session key={`${mode}-${round}`} category={found} mode={mode} onAgain={again} />
            </>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

function Session({ category, mode, onAgain }: { category: Category; mode: ReviewMode; onAgain: () => void }) {
  const { t } = useTranslation('review');
  // A session keeps the cards it was dealt: answers do not reshuffle it.
  const session = useQuery({
    queryKey: reviewKeys.session(category.id, mode),
    queryFn: ({ signal }) => getReviewSession(category.id, mode, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  return (
    <QueryState query={session} loading={<PageLoader label={t('loading')} />}>
      {(data) => <Round data={data} category={category} mode={mode} onAgain={onAgain} />}
    </QueryState>
  );
}

/**
 * How far ahead a card answered in this round may be due and still come back in it: a missed card's
 * relearning step (10 minutes) brings it back before the round ends, as Anki's learn-ahead limit does.
 */
export const LEARN_AHEAD_MS = 20 * 60_000;

type Dealt = ReviewSession['cards'][number] & { again: boolean };

/**
 * The dealt cards one by one, the answers sent as they come, then the round's end. A card the server
 * schedules within LEARN_AHEAD_MS joins the end of the round again; a free learner's answers left today
 * show throughout, and none left stops the round before a card is turned.
 */
function Round({
  data,
  category,
  mode,
  onAgain,
}: {
  data: ReviewSession;
  category: Category;
  mode: ReviewMode;
  onAgain: () => void;
}) {
  const { t } = useTranslation(['review', 'practice']);
  const { number } = useFormatters();
  const queryClient = useQueryClient();
  const { announce, region } = useAnnouncer();
  const [queue, setQueue] = useState<Dealt[]>(() => data.cards.map((dealt) => ({ ...dealt, again: false })));
  const [position, setPosition] = useState(0);
  const [tally, setTally] = useState({ correct: 0, wrong: 0 });
  const [leftToday, setLeftToday] = useState(data.answers_left_today);
  // Answers kept on the device while the network was out; rescheduled when they are sent.
  const [savedOnDevice, setSavedOnDevice] = useState(0);
  const [offlineSession] = useState(() => crypto.randomUUID());
  // The due date each card answered in this round now has: the round's end says when the next are due.
  const [dueAfter, setDueAfter] = useState<Record<number, string>>({});
  const [limit, setLimit] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const shownAt = useRef(Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new card starts its own clock
  useEffect(() => {
    shownAt.current = Date.now();
  }, [position]);

  const answer = useMutation({
    mutationFn: async ({ card, body }: { card: Dealt['card']; body: ReviewAnswerBody }) => {
      try {
        return await answerReview(card.id, body);
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        const kind = category.type_of_cards === 'picture' ? 'picture' : 'text';
        return answerReviewOffline({ id: category.id, type_of_cards: kind }, card, body, offlineSession);
      }
    },
    onSuccess: (answered) => {
      setLeftToday(answered.answers_left_today ?? null);
      if ('savedOnDevice' in answered) {
        setSavedOnDevice((count) => count + 1);
        return;
      }
      setDueAfter((was) => ({ ...was, [answered.card.id]: answered.due }));
      if (new Date(answered.due).getTime() - Date.now() <= LEARN_AHEAD_MS)
        setQueue((was) => [
          ...was,
          { card: answered.card, state: answered.state, due: answered.due, again: true },
        ]);
      // Counts on every list and on the profile move; the dealt session stays as it is.
      void queryClient.invalidateQueries({
        queryKey: deckKeys.all,
        predicate: (query) => query.queryKey[1] !== 'review',
      });
    },
    onError: (error) => {
      if (isDailyLimit(error)) setLimit(error.detail ?? '');
      else setFailed(true);
    },
  });

  const cardsPath = cardsPathOf(category);

  if (limit) return <LimitReached message={limit} cardsPath={cardsPath} />;
  if (queue.length === 0) return <NothingDue data={data} category={category} />;
  const current = queue[position];
  // None left today: refused before the card is turned, not after it was answered.
  if (current && leftToday === 0)
    return <LimitReached message={t('practice:limit.usedUp')} cardsPath={cardsPath} />;
  // The last answer may still bring its card back: the round ends once it is in.
  if (!current && answer.isPending) return <PageLoader label={t('saving')} />;
  if (!current)
    return (
      <RoundDone
        tally={tally}
        nextDue={earliest([data.next_due_at, ...Object.values(dueAfter)])}
        cardsPath={cardsPath}
        onAgain={onAgain}
      />
    );

  return (
    <Stack gap="md">
      {region}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('progress', { position: number(position + 1), total: number(queue.length) })}
          </Text>
          {current.again ? (
            <Badge variant="light" color="orange" size="sm">
              {t('againCard')}
            </Badge>
          ) : (
            current.state === 'new' && (
              <Badge variant="light" size="sm">
                {t('newCard')}
              </Badge>
            )
          )}
        </Group>
        <SessionTally
          correct={tally.correct}
          wrong={tally.wrong}
          leftToday={leftToday}
          savedOnDevice={savedOnDevice}
        />
      </Group>
      <Progress
        value={((position + 1) / queue.length) * 100}
        size="sm"
        radius="xl"
        aria-label={t('roundProgress')}
      />
      {failed && (
        <Text size="sm" c="red" role="alert">
          {t('answerFailed')}
        </Text>
      )}
      <CardPlay
        key={`${current.card.id}-${position}`}
        card={current.card}
        type={mode}
        onAnswer={(correct) => {
          setTally((was) => ({
            correct: was.correct + (correct ? 1 : 0),
            wrong: was.wrong + (correct ? 0 : 1),
          }));
          answer.mutate({
            card: current.card,
            body: { mode, correct, seconds: Math.max(0, (Date.now() - shownAt.current) / 1000) },
          });
        }}
        onNext={() => setPosition((n) => n + 1)}
        announce={announce}
        allowSkip={false}
        active={!limit}
      />
    </Stack>
  );
}

/** The earliest of these dates (ISO strings), or null for none. */
const earliest = (dates: (string | null)[]) =>
  dates.reduce<string | null>(
    (first, date) => (date !== null && (first === null || date < first) ? date : first),
    null,
  );

/** The round's end: its tally, and when the next cards of the category are due. */
function RoundDone({
  tally,
  nextDue,
  cardsPath,
  onAgain,
}: {
  tally: { correct: number; wrong: number };
  nextDue: string | null;
  cardsPath: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation('review');
  const { dateTime } = useFormatters();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md" align="center">
        <IconConfetti size={32} aria-hidden="true" />
        <Title order={2} size="h3" tabIndex={-1} ref={(node) => node?.focus()}>
          {t('done.title')}
        </Title>
        <SessionTally correct={tally.correct} wrong={tally.wrong} />
        {nextDue && <Text>{t('done.next', { date: dateTime(nextDue) })}</Text>}
        <Group gap="sm" justify="center">
          <Button onClick={onAgain}>{t('done.again')}</Button>
          <Button component={Link} to={cardsPath} variant="default">
            {t('allCards')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Nothing due now: when the next review is, and the other ways to learn. */
function NothingDue({ data, category }: { data: ReviewSession; category: Category }) {
  const { t } = useTranslation('review');
  const { dateTime } = useFormatters();
  const next = data.next_due_at ? dateTime(data.next_due_at) : null;
  return (
    <EmptyState
      icon={<IconCalendarCheck size={32} aria-hidden="true" />}
      withIndicatorBackground
      title={t('empty.title')}
      description={next ? t('empty.next', { date: next }) : t('empty.noneYet')}
    >
      <EmptyState.Actions>
        <Button component={Link} to={practicePathOf(category)}>
          {t('empty.practise')}
        </Button>
        <Button component={Link} to={cardsPathOf(category)} variant="default">
          {t('allCards')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
