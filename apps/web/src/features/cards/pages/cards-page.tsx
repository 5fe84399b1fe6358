import { type Category, LIVE_CHOICES } from '@flashcards/contract';
import {
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCards,
  IconDeviceGamepad2,
  IconFileUpload,
  IconFilterOff,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ReviewDueButton } from '../../../components/review/review-due-button';
import { categoryLinks, liveGameAddress } from '../../../components/ui/category-card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { MessagePage } from '../../../components/ui/message-page';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { RequestError } from '../../../components/ui/request-error';
import { usePastTheEnd } from '../../../lib/address-page';
import { useErrorMessage } from '../../../lib/api-errors';
import { useCategory, useTags } from '../../../lib/category-queries';
import { pageCount, pageFromParam } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { PublishPanel } from '../../market/components/publish-panel';
import { UpdateNotice } from '../../market/components/update-notice';
import { SendCategoryPanel } from '../../social/components/send-category-panel';
import { useDeleteCard } from '../api/delete-card';
import { type AnyCard, useCards } from '../api/get-cards';
import { tagsFromParam, tagsToParam } from '../card-rules';
import { CardFormModal } from '../components/card-form-modal';
import { KidsCardItem, PictureCardItem, TextCardItem } from '../components/card-item';
import { ExportCardsMenu } from '../components/export-cards-menu';
import { UploadCardsModal } from '../components/upload-cards-modal';
import { useSound } from '../components/use-sound';

type CardsList = 'decks' | 'kids';

// Offline study's code (IndexedDB, the media cache) comes after the page shows, in its own chunk.
const KeepOfflineSwitch = lazy(() =>
  import('../../../components/offline/keep-offline-switch').then((module) => ({
    default: module.KeepOfflineSwitch,
  })),
);

/** /my-cards/:id (text and picture categories) and /my-kids-cards/:id: the cards of one of my categories. */
export function CardsPage({ list }: { list: CardsList }) {
  const { categoryIdParam } = useParams();
  const id = Number(categoryIdParam);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return <CategoryNotFound list={list} />;
  return <CardsOfCategory key={id} id={id} list={list} />;
}

const backPath = (list: CardsList) => (list === 'kids' ? paths.kids : paths.myCategories);

function BackLink({ list }: { list: CardsList }) {
  const { t } = useTranslation('cards');
  return (
    <Anchor component={Link} to={backPath(list)} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        {list === 'kids' ? t('cards.backToKids') : t('cards.backToCategories')}
      </Group>
    </Anchor>
  );
}

function CategoryNotFound({ list }: { list: CardsList }) {
  const { t } = useTranslation('cards');
  return (
    <MessagePage
      icon={<IconCards size={36} />}
      title={t('cards.notFoundTitle')}
      action={
        <Button component={Link} to={backPath(list)}>
          {list === 'kids' ? t('cards.backToKids') : t('cards.backToCategories')}
        </Button>
      }
    >
      <Text size="lg">{t('cards.notFoundText')}</Text>
    </MessagePage>
  );
}

function CardsSkeleton({ pictures }: { pictures: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={index} withBorder radius="lg" p="md">
          <Stack gap="sm">
            {pictures && <Skeleton height={160} />}
            <Skeleton height={18} width="70%" />
            <Skeleton height={14} width="50%" />
            <Skeleton height={20} width={60} />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function CardsOfCategory({ id, list }: { id: number; list: CardsList }) {
  return (
    <QueryState
      query={useCategory(id)}
      loading={
        <Stack gap="lg">
          <BackLink list={list} />
          <Skeleton height={36} width="50%" />
          <Skeleton height={20} width="30%" />
          <CardsSkeleton pictures={list === 'kids'} />
        </Stack>
      }
      missing={<CategoryNotFound list={list} />}
      error={(error, retry) => (
        <Stack gap="lg">
          <BackLink list={list} />
          <RequestError error={error} onRetry={retry} />
        </Stack>
      )}
    >
      {(found) => {
        const categoryIdParam = String(found.id);
        if (list === 'decks' && found.type_of_cards === 'kids')
          return <Navigate replace to={generatePath(paths.myKidsCards, { categoryIdParam })} />;
        if (list === 'kids' && found.type_of_cards !== 'kids')
          return <Navigate replace to={generatePath(paths.myCards, { categoryIdParam })} />;
        return <CategoryCards category={found} list={list} />;
      }}
    </QueryState>
  );
}

type Target = { action: 'edit' | 'delete' | null; card: AnyCard };

function CategoryCards({ category, list }: { category: Category; list: CardsList }) {
  const { t } = useTranslation(['cards', 'common']);
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const kind = category.type_of_cards;
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const search = params.get('q') ?? '';
  const tagsParam = params.get('tags');
  const tags = tagsFromParam(tagsParam);
  const filtered = search !== '' || tags.length > 0;

  const update = (next: { page?: number; q?: string; tags?: string[] }, replace = false) =>
    setParams(
      () => {
        // The address as it is now: the copy of this render is stale when the debounced search and a
        // click change it in quick succession, and one change would undo the other.
        const updated = new URLSearchParams(window.location.search);
        const set = (name: string, value: string) =>
          value ? updated.set(name, value) : updated.delete(name);
        if (next.page !== undefined) set('page', next.page > 1 ? String(next.page) : '');
        if (next.q !== undefined) set('q', next.q);
        if (next.tags !== undefined) set('tags', tagsToParam(next.tags));
        return updated;
      },
      { replace },
    );

  // The search box sends its text once typing pauses, and starts again from the first page.
  const [searchInput, setSearchInput] = useState(search);
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text should move the address
  useEffect(() => {
    if (debouncedSearch !== search) update({ q: debouncedSearch, page: 1 }, true);
  }, [debouncedSearch]);

  const cards = useCards(kind, category.id, { page, search, tags });
  const tagOptions = useTags(kind, category.id);
  const sound = useSound();

  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [target, setTarget] = useState<Target | null>(null);
  const remove = useDeleteCard();

  // A page past the end (its last card went): step back to one that exists.
  const pastTheEnd = usePastTheEnd(cards, page, () => update({ page: page - 1 }, true));

  const closeTarget = () => {
    setTarget((current) => (current ? { ...current, action: null } : null));
    remove.reset();
  };
  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(
      { kind, id: target.card.id },
      {
        onSuccess: () => {
          toast(t('deleteCard.done'));
          closeTarget();
          // The card and its buttons are gone: go on from the page's heading.
          headingRef.current?.focus();
        },
      },
    );
  };

  const data = cards.data;
  const pages = data ? pageCount(data.count) : 1;

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
      {t('cards.add')}
    </Button>
  );
  const uploadButton = (
    <Button
      variant="default"
      leftSection={<IconFileUpload size={18} aria-hidden="true" />}
      onClick={() => setUploading(true)}
    >
      {t('cards.upload')}
    </Button>
  );

  const itemActions = (card: AnyCard) => ({
    onEdit: () => setTarget({ action: 'edit', card }),
    onDelete: () => {
      remove.reset();
      setTarget({ action: 'delete', card });
    },
  });

  const content = (
    <QueryState
      query={cards}
      keepData
      waiting={pastTheEnd}
      loading={<CardsSkeleton pictures={kind !== 'text'} />}
      isEmpty={(found) => found.count === 0}
      empty={
        filtered ? (
          <EmptyState
            icon={<IconFilterOff size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('cards.noMatches')}
            description={t('cards.noMatchesHint')}
          >
            <EmptyState.Actions>
              <Button
                variant="default"
                onClick={() => {
                  setSearchInput('');
                  update({ q: '', tags: [], page: 1 });
                }}
              >
                {t('cards.clearFilters')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<IconCards size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('cards.empty')}
            description={t(`cards.emptyHint.${kind}`)}
          >
            <EmptyState.Actions>
              {addButton}
              {uploadButton}
            </EmptyState.Actions>
          </EmptyState>
        )
      }
    >
      {(found) => (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          aria-busy={cards.isPlaceholderData || undefined}
          style={{ opacity: cards.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {found.results.map((card) => {
            if ('listen_counts' in card)
              return (
                <KidsCardItem
                  key={card.id}
                  card={card}
                  playing={card.audio_url !== null && sound.playing === card.audio_url}
                  onPlay={() => card.audio_url && sound.play(card.audio_url)}
                  onStop={sound.stop}
                  {...itemActions(card)}
                />
              );
            if ('first_side_thumbnail_url' in card)
              return <PictureCardItem key={card.id} card={card} {...itemActions(card)} />;
            return <TextCardItem key={card.id} card={card} {...itemActions(card)} />;
          })}
        </SimpleGrid>
      )}
    </QueryState>
  );

  const counts = [
    t('counts.cards', { count: category.cards_len, formatted: number(category.cards_len) }),
    ...(kind === 'kids'
      ? []
      : [
          t('cards.learnedVerbal', { formatted: number(category.learned_cards_verbal_len) }),
          t('cards.learnedTyping', { formatted: number(category.learned_cards_typing_len) }),
        ]),
  ];

  return (
    <Stack gap="lg">
      <BackLink list={list} />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0} style={{ flex: '1 1 320px' }}>
          <Title
            order={1}
            ref={headingRef}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere', outline: 'none' }}
          >
            {category.name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={kind === 'picture' ? 'grape' : undefined}>
              {t(`types.${kind}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {counts.join(' · ')}
            </Text>
          </Group>
          {category.description && <Text size="sm">{category.description}</Text>}
          <Suspense fallback={null}>
            <KeepOfflineSwitch category={category} />
          </Suspense>
        </Stack>
        <Group gap="sm">
          {category.cards_len > 0 && (
            <Button
              component={Link}
              to={categoryLinks(category).study}
              leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
            >
              {t('cards.study')}
            </Button>
          )}
          <ReviewDueButton category={category} />
          {category.cards_len >= LIVE_CHOICES && (
            <Button
              component={Link}
              to={liveGameAddress(category)}
              variant="default"
              leftSection={<IconDeviceGamepad2 size={18} aria-hidden="true" />}
            >
              {t('cards.playLive')}
            </Button>
          )}
          {kind !== 'kids' && category.cards_len > 0 && <ExportCardsMenu category={category} />}
          {uploadButton}
          {addButton}
        </Group>
      </Group>

      <UpdateNotice category={category} />
      {category.adopted_from === null && <PublishPanel category={category} />}
      <SendCategoryPanel category={category} />

      <Group align="flex-end" gap="md">
        <TextInput
          type="search"
          label={t('cards.search')}
          placeholder={t(`cards.searchPlaceholder.${kind}`)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={searchInput}
          onChange={(event) => setSearchInput(event.currentTarget.value)}
          maxLength={200}
          w={{ base: '100%', xs: 280 }}
        />
        {kind !== 'kids' && (tagOptions.data?.length ?? 0) + tags.length > 0 && (
          <MultiSelect
            label={t('cards.tags')}
            placeholder={tags.length === 0 ? t('cards.allTags') : undefined}
            data={[...new Set([...(tagOptions.data ?? []), ...tags])]}
            value={tags}
            onChange={(next) => update({ tags: next, page: 1 })}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('cards.clearTags') }}
            nothingFoundMessage={t('cards.noTags')}
            w={{ base: '100%', xs: 320 }}
          />
        )}
        {data && (
          <Text size="sm" c="dimmed" role="status" ml={{ xs: 'auto' }}>
            {filtered
              ? t('cards.found', { count: data.count, formatted: number(data.count) })
              : t('counts.cards', { count: data.count, formatted: number(data.count) })}
          </Text>
        )}
      </Group>

      {content}

      <Pager
        page={page}
        pages={pages}
        onChange={(next) => {
          update({ page: next });
          window.scrollTo({ top: 0 });
        }}
      />

      <CardFormModal category={category} opened={adding} onClose={() => setAdding(false)} />
      <CardFormModal
        category={category}
        card={target?.card}
        opened={target?.action === 'edit'}
        onClose={closeTarget}
      />
      <UploadCardsModal category={category} opened={uploading} onClose={() => setUploading(false)} />
      <ConfirmModal
        opened={target?.action === 'delete'}
        onClose={closeTarget}
        onConfirm={confirmDelete}
        title={t('deleteCard.title')}
        confirmLabel={t('deleteCard.confirm')}
        closeLabel={t('actions.close')}
        danger
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
      >
        {t('deleteCard.text')}
      </ConfirmModal>
    </Stack>
  );
}
