import type { MarketCategory } from '@flashcards/contract';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconArrowLeft,
  IconArrowRight,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { wrapIndex } from '../../../components/deck/card-order';
import { sideAsText } from '../../../components/deck/card-sides';
import { CategoryMissing } from '../../../components/deck/category-missing';
import type { DeckCard, DeckKind } from '../../../components/deck/deck-source';
import { EmptyDeck } from '../../../components/deck/empty-deck';
import keyHints from '../../../components/deck/key-hints.module.css';
import { PracticeHeader } from '../../../components/deck/practice-header';
import { draftFromParams } from '../../../components/deck/practice-settings';
import { StudyCard } from '../../../components/deck/study-card';
import { keys, useShortcuts } from '../../../components/deck/use-shortcuts';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { useAnnouncer } from '../../../components/ui/use-announcer';
import { categoryIdFrom, publicPracticePathOf } from '../../../lib/category-paths';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useIsSignedIn } from '../../../lib/session';
import { usePublicCategory } from '../api/get-public-category';
import { usePublicDeck } from '../api/get-public-deck';
import { CallToActionModal } from '../components/call-to-action-modal';
import { FilterModal } from '../components/filter-modal';

/** Spec: guests are asked to sign up after flipping this many cards. */
export const GUEST_PROMPT_FLIPS = 5;

function Missing() {
  const { t } = useTranslation('practice');
  return (
    <CategoryMissing
      text={t('notFound.publicText')}
      back={{ to: paths.marketPublic, label: t('notFound.toCatalog') }}
    />
  );
}

/**
 * /flash-cards-text-public/:id and /flash-cards-pictures-public/:id: a catalog category's cards without
 * signing in, in order and round again, with nothing saved.
 */
export function PublicPracticePage({ kind }: { kind: DeckKind }) {
  const id = categoryIdFrom(useParams().categoryId);
  if (id === null) return <Missing />;
  return <PublicOfCategory key={id} id={id} kind={kind} />;
}

function PublicOfCategory({ id, kind }: { id: number; kind: DeckKind }) {
  const { t } = useTranslation('practice');
  return (
    <QueryState
      query={usePublicCategory(id)}
      loading={<PageLoader label={t('loading.category')} />}
      missing={<Missing />}
    >
      {(found) => {
        const foundKind = found.type_of_cards;
        if (foundKind === 'kids') return <Missing />;
        if (foundKind !== kind)
          return <Navigate replace to={publicPracticePathOf({ id, type_of_cards: foundKind })} />;
        return <PublicPractice category={found} kind={kind} />;
      }}
    </QueryState>
  );
}

function PublicPractice({ category, kind }: { category: MarketCategory; kind: DeckKind }) {
  const { t } = useTranslation('practice');
  const { number } = useFormatters();
  const [params, setParams] = useSearchParams();
  const filter = draftFromParams(params);
  const deck = usePublicDeck(kind, category.id, filter.tags);
  const [filtering, setFiltering] = useState(false);

  const content = (
    <QueryState
      query={deck}
      loading={<PageLoader label={t('loading.deck')} />}
      isEmpty={(cards) => cards.length === 0}
      empty={
        <EmptyDeck hint={t('guest.emptyHint')}>
          <Button onClick={() => setFiltering(true)}>{t('session.changeFilter')}</Button>
        </EmptyDeck>
      }
    >
      {(cards) => <GuestCards key={filter.tags.join(',')} cards={cards} />}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <PracticeHeader
        back={{ to: paths.marketPublic, label: t('guest.catalog') }}
        title={category.name}
        actions={
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
            onClick={() => setFiltering(true)}
          >
            {t('session.changeFilter')}
          </Button>
        }
      >
        <Text size="sm" c="dimmed">
          {[
            category.created_by ? t('guest.by', { name: category.created_by }) : null,
            t('guest.cards', { count: category.cards_length, formatted: number(category.cards_length) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {filter.tags.length > 0 && <SettingsBadgesTags tags={filter.tags} />}
      </PracticeHeader>
      <Box w="100%" maw={640} mx="auto">
        {content}
      </Box>
      <FilterModal
        opened={filtering}
        kind={kind}
        categoryId={category.id}
        initial={filter}
        guest
        onClose={() => setFiltering(false)}
        onNext={(choice) => {
          setFiltering(false);
          setParams(choice.tags.length > 0 ? { tags: choice.tags.join(',') } : {});
        }}
        confirmLabel={t('filter.apply')}
      />
    </Stack>
  );
}

function SettingsBadgesTags({ tags }: { tags: string[] }) {
  const { t } = useTranslation('practice');
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {t('session.tags', { tags: tags.join(', ') })}
    </Text>
  );
}

function GuestCards({ cards }: { cards: DeckCard[] }) {
  const { t } = useTranslation('practice');
  const { number } = useFormatters();
  const signedIn = useIsSignedIn();
  const hintId = useId();
  const { announce, region } = useAnnouncer();
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [flips, setFlips] = useState(0);
  const [prompting, setPrompting] = useState(false);

  const position = wrapIndex(index, cards.length);
  const card = cards[position]!;

  const frontOf = (shown: DeckCard) =>
    'first_side_url' in shown ? t('card.picture') : sideAsText(shown, 'one');
  const flip = () => {
    const turned = !flipped;
    setFlipped(turned);
    announce(
      t('card.announceSide', {
        side: turned ? t('card.sideTwo') : t('card.sideOne'),
        text: turned ? sideAsText(card, 'two') : frontOf(card),
      }),
    );
    if (!turned) return;
    const count = flips + 1;
    setFlips(count);
    if (count === GUEST_PROMPT_FLIPS && !signedIn) setPrompting(true);
  };
  // The focus stays on the button pressed, so it can be pressed again; the new card is read out.
  const go = (step: number) => {
    const next = wrapIndex(index + step, cards.length);
    setFlipped(false);
    setIndex(next);
    announce(
      `${t('session.progress', { position: number(next + 1), total: number(cards.length) })}. ${t(
        'card.announceSide',
        { side: t('card.sideOne'), text: frontOf(cards[next]!) },
      )}`,
    );
  };
  useShortcuts({ [keys.space]: flip, [keys.next]: () => go(1), [keys.previous]: () => go(-1) }, !prompting);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('session.progress', { position: number(position + 1), total: number(cards.length) })}
      </Text>
      <StudyCard card={card} flipped={flipped} onFlip={flip} describedBy={hintId} />
      <Text id={hintId} size="sm" c="dimmed" ta="center">
        <span className={keyHints.keyHint}>{t('guest.flipHint')}</span>
        <span className={keyHints.touchHint}>{t('guest.flipHintTouch')}</span>
      </Text>
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          onClick={() => go(-1)}
        >
          {t('guest.previous')}
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden="true" />} onClick={() => go(1)}>
          {t('guest.next')}
        </Button>
      </Group>
      {!signedIn && (
        <Group gap="xs" wrap="nowrap" c="dimmed" justify="center">
          <IconInfoCircle size={18} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="sm">
            {t('guest.notSaved')}{' '}
            <Anchor component={Link} to={paths.signup} inherit underline="always">
              {t('guest.signUp')}
            </Anchor>
          </Text>
        </Group>
      )}
      {region}
      <CallToActionModal opened={prompting} onClose={() => setPrompting(false)} />
    </Stack>
  );
}
