import type { Category, KidsCard } from '@flashcards/contract';
import { Badge, Box, Button, EmptyState, Group, Image, Paper, Stack, Text } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconMoodHappy,
  IconMoodSad,
  IconMoodSmile,
  IconVolume,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { wrapIndex } from '../../../components/deck/card-order';
import { CategoryMissing } from '../../../components/deck/category-missing';
import { PracticeHeader } from '../../../components/deck/practice-header';
import { keys, useShortcuts } from '../../../components/deck/use-shortcuts';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { useAnnouncer } from '../../../components/ui/use-announcer';
import { cardsPathOf, categoryIdFrom, practicePathOf } from '../../../lib/category-paths';
import { useCategory } from '../../../lib/category-queries';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCountListen } from '../api/count-listen';
import { useKidsDeck } from '../api/get-kids-deck';
import { useVoice } from '../components/use-voice';

function Missing() {
  const { t } = useTranslation('practice');
  return <CategoryMissing text={t('notFound.text')} back={{ to: paths.kids, label: t('notFound.toKids') }} />;
}

/** /flash-cards-kids/:id: a kids category, picture by picture, with its word said aloud. */
export function KidsPracticePage() {
  const id = categoryIdFrom(useParams().categoryId);
  if (id === null) return <Missing />;
  return <KidsOfCategory key={id} id={id} />;
}

function KidsOfCategory({ id }: { id: number }) {
  const { t } = useTranslation('practice');
  return (
    <QueryState
      query={useCategory(id)}
      loading={<PageLoader label={t('loading.category')} />}
      missing={<Missing />}
    >
      {(found) =>
        found.type_of_cards !== 'kids' ? (
          <Navigate replace to={practicePathOf(found)} />
        ) : (
          <KidsPractice category={found} />
        )
      }
    </QueryState>
  );
}

function KidsPractice({ category }: { category: Category }) {
  const { t } = useTranslation('practice');
  const deck = useKidsDeck(category.id);
  const cardsPath = cardsPathOf(category);

  const content = (
    <QueryState
      query={deck}
      loading={<PageLoader label={t('loading.deck')} />}
      isEmpty={(cards) => cards.length === 0}
      empty={
        <EmptyState
          icon={<IconMoodSmile size={32} aria-hidden="true" />}
          withIndicatorBackground
          title={t('kids.empty')}
          description={t('kids.emptyHint')}
        >
          <EmptyState.Actions>
            <Button component={Link} to={cardsPath}>
              {t('session.allCards')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      }
    >
      {(cards) => <KidsCards cards={cards} />}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <PracticeHeader back={{ to: cardsPath, label: t('session.allCards') }} title={category.name} />
      <Box w="100%" maw={600} mx="auto">
        {content}
      </Box>
    </Stack>
  );
}

function KidsCards({ cards }: { cards: KidsCard[] }) {
  const { t } = useTranslation('practice');
  const { number } = useFormatters();
  const voice = useVoice();
  const listen = useCountListen();
  const { announce, region } = useAnnouncer();
  const [index, setIndex] = useState(0);
  // The newest listen counts (from the server's answers) and this visit's marks; kids cards keep no scores.
  const [listens, setListens] = useState(() => new Map<number, KidsCard>());
  const [marks, setMarks] = useState<Record<number, boolean>>({});

  const card = cards[wrapIndex(index, cards.length)]!;
  const known = listens.get(card.id) ?? card;
  const guessed = Object.values(marks).filter(Boolean).length;
  const missed = Object.values(marks).length - guessed;

  // The focus stays on the button pressed, so it can be pressed again; the new word is read out.
  const go = (step: number, praise = '') => {
    voice.stop();
    const next = wrapIndex(index + step, cards.length);
    setIndex(next);
    announce(
      `${praise} ${t('kids.announceCard', {
        position: number(next + 1),
        total: number(cards.length),
        word: cards[next]!.second_side,
      })}`.trim(),
    );
  };
  const say = () => {
    if (!voice.play(known)) return;
    listen.mutate(known, {
      onSuccess: (updated) => setListens((current) => new Map(current).set(updated.id, updated)),
    });
  };
  const mark = (correct: boolean) => {
    setMarks((current) => ({ ...current, [card.id]: correct }));
    go(1, correct ? t('kids.markedGuessed') : t('kids.markedMissed'));
  };
  useShortcuts({ [keys.next]: () => go(1), [keys.previous]: () => go(-1) });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('session.progress', {
            position: number(wrapIndex(index, cards.length) + 1),
            total: number(cards.length),
          })}
        </Text>
        <Text size="sm" fw={600}>
          {t('kids.tally', { guessed: number(guessed), missed: number(missed) })}
        </Text>
      </Group>
      <Paper withBorder radius="xl" p="lg" shadow="sm">
        <Stack gap="md" align="center">
          <Box
            w="100%"
            style={{
              borderRadius: 'var(--mantine-radius-lg)',
              background: 'var(--mantine-color-default-hover)',
              overflow: 'hidden',
            }}
          >
            <Image
              src={card.first_side_url}
              alt={card.second_side}
              h={{ base: 220, xs: 320 }}
              fit="contain"
            />
          </Box>
          <Text
            component="p"
            m={0}
            fz={{ base: 36, xs: 48 }}
            fw={900}
            lh={1.1}
            ta="center"
            lang={card.language || undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {card.second_side}
          </Text>
          <Button
            size="xl"
            radius="xl"
            variant={voice.playing === card.id ? 'filled' : 'light'}
            leftSection={<IconVolume size={28} aria-hidden="true" />}
            onClick={say}
            disabled={!card.audio_url && !voice.canSpeak}
            aria-label={t('kids.listenNamed', { word: card.second_side })}
          >
            {t('kids.listen')}
          </Button>
          <Group gap="xs">
            {!card.audio_url && (
              <Badge variant="light" color="gray" tt="none">
                {voice.canSpeak ? t('kids.spoken') : t('kids.noVoice')}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {t('kids.listens', { count: known.listen_counts, formatted: number(known.listen_counts) })}
            </Text>
          </Group>
        </Stack>
      </Paper>
      <Group grow gap="sm" preventGrowOverflow={false}>
        <Button
          size="lg"
          color="teal.9"
          leftSection={<IconMoodHappy size={24} aria-hidden="true" />}
          onClick={() => mark(true)}
        >
          {t('kids.guessed')}
        </Button>
        <Button
          size="lg"
          color="red.9"
          leftSection={<IconMoodSad size={24} aria-hidden="true" />}
          onClick={() => mark(false)}
        >
          {t('kids.notGuessed')}
        </Button>
      </Group>
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          onClick={() => go(-1)}
        >
          {t('kids.previous')}
        </Button>
        <Button
          variant="default"
          rightSection={<IconArrowRight size={18} aria-hidden="true" />}
          onClick={() => go(1)}
        >
          {t('kids.next')}
        </Button>
      </Group>
      {region}
    </Stack>
  );
}
