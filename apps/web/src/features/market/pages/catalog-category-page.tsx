import type { MarketCategoryDetail } from '@flashcards/contract';
import { Alert, Anchor, Button, Group, Paper, Rating, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBooks,
  IconCopy,
  IconFlag,
  IconFolderOpen,
  IconLogin,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, Navigate, useParams } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { QueryState } from '../../../components/ui/query-state';
import { RequestError } from '../../../components/ui/request-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { cardsPathOf, categoryIdFrom, publicPracticePathOf } from '../../../lib/category-paths';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { returnToState } from '../../../lib/return-to';
import { useIsSignedIn } from '../../../lib/session';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { type CatalogAccess, useCatalogCategory } from '../api/catalog';
import { useAdoptCategory, useRateCategory, useReportCategory } from '../api/reader-actions';
import { CatalogBadges } from '../components/catalog-badges';
import { RatingSummary } from '../components/rating-summary';
import { ReasonModal } from '../components/reason-modal';
import { SampleCards } from '../components/sample-cards';
import '../../../lib/market-texts';

/** /market-public/:id for guests and /market/:id signed in: a catalog category and what one can do with it. */
export function CatalogCategoryPage({ access }: { access: CatalogAccess }) {
  const { categoryId } = useParams();
  const id = categoryIdFrom(categoryId);
  const signedIn = useIsSignedIn();
  if (id === null) return <NotOnCatalog access={access} />;
  // Signed in, the reader's own detail offers adopting and rating.
  if (access === 'public' && signedIn)
    return <Navigate replace to={generatePath(paths.marketCategory, { categoryId: String(id) })} />;
  return <CatalogCategory key={id} id={id} access={access} />;
}

const listPath = (access: CatalogAccess) => (access === 'user' ? paths.market : paths.marketPublic);

function BackLink({ access }: { access: CatalogAccess }) {
  const { t } = useTranslation('market');
  return (
    <Anchor component={Link} to={listPath(access)} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

function NotOnCatalog({ access }: { access: CatalogAccess }) {
  const { t } = useTranslation('market');
  return (
    <MessagePage
      icon={<IconBooks size={36} />}
      title={t('detail.notFoundTitle')}
      action={
        <Button component={Link} to={listPath(access)}>
          {t('detail.back')}
        </Button>
      }
    >
      <Text size="lg">{t('detail.notFoundText')}</Text>
    </MessagePage>
  );
}

function CatalogCategory({ id, access }: { id: number; access: CatalogAccess }) {
  const { t } = useTranslation('market');
  return (
    <QueryState
      query={useCatalogCategory(access, id)}
      loading={
        <Stack gap="lg" aria-busy="true" aria-label={t('catalog.loading')}>
          <BackLink access={access} />
          <Skeleton height={36} width="55%" />
          <Skeleton height={18} width="30%" />
          <Skeleton height={60} />
          <Group gap="sm">
            <Skeleton height={36} width={140} />
            <Skeleton height={36} width={120} />
          </Group>
          <Skeleton height={180} />
        </Stack>
      }
      missing={<NotOnCatalog access={access} />}
      error={(error, retry) => (
        <Stack gap="lg">
          <BackLink access={access} />
          <RequestError error={error} onRetry={retry} />
        </Stack>
      )}
    >
      {(category) => <CategoryDetail category={category} access={access} />}
    </QueryState>
  );
}

function CategoryDetail({ category, access }: { category: MarketCategoryDetail; access: CatalogAccess }) {
  const { t } = useTranslation(['market', 'cards']);
  const { number, date } = useFormatters();
  const sampleHeading = useId();
  const practisable = category.type_of_cards !== 'kids' && category.cards_length > 0;
  const updated = date(category.approved_at);

  return (
    <Stack gap="lg">
      <BackLink access={access} />
      <Stack gap={6}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {category.name}
        </Title>
        <Text c="dimmed">{t('item.by', { name: category.created_by })}</Text>
        <Group gap="xs">
          <CatalogBadges category={category} />
          <Text size="sm">
            {t('item.cards', { count: category.cards_length, formatted: number(category.cards_length) })}
          </Text>
          <Text size="sm">
            {t('item.adoptions', { count: category.adopted, formatted: number(category.adopted) })}
          </Text>
        </Group>
        <RatingSummary rating={category.rating} count={category.ratings_count} size="md" />
        {updated && (
          <Text size="sm" c="dimmed">
            {t('detail.updated', { date: updated })}
          </Text>
        )}
      </Stack>
      {category.description && (
        <Text size="lg" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {category.description}
        </Text>
      )}

      <Group gap="sm">
        {practisable && category.type_of_cards !== 'kids' && (
          <Button
            component={Link}
            to={publicPracticePathOf({ id: category.id, type_of_cards: category.type_of_cards })}
            leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
          >
            {t('detail.startLearning')}
          </Button>
        )}
        {access === 'user' && <ReaderActions category={category} />}
      </Group>

      {access === 'user' ? <ReaderRating category={category} /> : <GuestPrompt id={category.id} />}

      <Stack gap="sm" component="section" aria-labelledby={sampleHeading}>
        <Title order={2} size="h3" id={sampleHeading}>
          {t('detail.sample')}
        </Title>
        {category.sample_cards.length === 0 ? (
          <Text c="dimmed">{t('detail.sampleNone')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('detail.sampleNote', {
                count: category.sample_cards.length,
                formatted: number(category.cards_length),
              })}
            </Text>
            <SampleCards cards={category.sample_cards} />
          </>
        )}
      </Stack>
    </Stack>
  );
}

/** Adopt (or the link to my copy, or to my own category) and report. */
function ReaderActions({ category }: { category: MarketCategoryDetail }) {
  const { t } = useTranslation(['market', 'common']);
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const adopt = useAdoptCategory();
  const report = useReportCategory();
  const [reporting, setReporting] = useState(false);
  const kind = category.type_of_cards;
  const copy = category.my_copy ?? adopt.data?.id ?? null;
  // The adopt button gives way to the link to the copy: the keyboard goes on from there.
  const copyLink = useRef<HTMLAnchorElement>(null);
  const adopted = adopt.isSuccess;
  useEffect(() => {
    if (adopted) copyLink.current?.focus();
  }, [adopted]);

  if (category.is_mine)
    return (
      <Button
        component={Link}
        to={cardsPathOf({ id: category.id, type_of_cards: kind })}
        variant="default"
        leftSection={<IconFolderOpen size={18} aria-hidden="true" />}
      >
        {t('detail.openOwn')}
      </Button>
    );

  return (
    <>
      {copy !== null ? (
        <Button
          component={Link}
          ref={copyLink}
          to={cardsPathOf({ id: copy, type_of_cards: kind })}
          variant="light"
          leftSection={<IconFolderOpen size={18} aria-hidden="true" />}
        >
          {t('detail.myCopy')}
        </Button>
      ) : (
        <Button
          variant="light"
          leftSection={<IconCopy size={18} aria-hidden="true" />}
          loading={adopt.isPending}
          onClick={() =>
            adopt.mutate(category.id, {
              onSuccess: () => toast(t('detail.adopted', { name: category.name })),
            })
          }
        >
          {t('detail.adopt')}
        </Button>
      )}
      {!category.reported_by_me && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconFlag size={18} aria-hidden="true" />}
          onClick={() => {
            report.reset();
            setReporting(true);
          }}
        >
          {t('detail.report')}
        </Button>
      )}
      {adopt.isError && (
        <Alert color="red" w="100%" role="alert">
          {errorMessage(adopt.error)}
        </Alert>
      )}
      <ReasonModal
        opened={reporting}
        onClose={() => setReporting(false)}
        title={t('report.title')}
        intro={t('report.intro', { name: category.name })}
        submitLabel={t('report.send')}
        loading={report.isPending}
        error={report.isError ? errorMessage(report.error) : null}
        onSubmit={(reason) =>
          report.mutate(
            { id: category.id, reason },
            {
              onSuccess: () => {
                toast(t('report.sent'));
                setReporting(false);
              },
            },
          )
        }
      />
    </>
  );
}

/** The reader's own rating, 1 to 5 stars, changeable; not on their own category. */
function ReaderRating({ category }: { category: MarketCategoryDetail }) {
  const { t } = useTranslation('market');
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const rate = useRateCategory();
  const labelId = useId();
  const hintId = useId();
  const [value, setValue] = useState(category.my_rating ?? 0);

  if (category.is_mine)
    return (
      <Text size="sm" c="dimmed">
        {t('detail.yourOwn')}
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="md" maw={520}>
      <Stack gap={6}>
        <Text fw={600} id={labelId}>
          {t('detail.yourRating')}
        </Text>
        <Rating
          value={value}
          onChange={(rating) => {
            const previous = value;
            setValue(rating);
            rate.mutate(
              { id: category.id, rating },
              { onSuccess: () => toast(t('detail.rated')), onError: () => setValue(previous) },
            );
          }}
          size="lg"
          aria-labelledby={labelId}
          aria-describedby={hintId}
          getSymbolLabel={(index) => t('detail.star', { count: index })}
          readOnly={rate.isPending}
        />
        <Text size="sm" c="dimmed" id={hintId}>
          {t('detail.rateHint')}
        </Text>
        {category.reported_by_me && (
          <Text size="sm" c="dimmed">
            {t('detail.reported')}
          </Text>
        )}
        {rate.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(rate.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Guests: adopting, rating and reporting need an account. */
function GuestPrompt({ id }: { id: number }) {
  const { t } = useTranslation('market');
  const back = returnToState({
    pathname: generatePath(paths.marketCategory, { categoryId: String(id) }),
    search: '',
    hash: '',
  });
  return (
    <Alert
      color="blue"
      variant="light"
      title={t('detail.guestTitle')}
      icon={<IconLogin aria-hidden="true" />}
      maw={640}
    >
      <Stack gap="sm">
        <Text size="sm">{t('detail.guestText')}</Text>
        <Group gap="sm">
          <Button component={Link} to={paths.login} state={back} size="xs">
            {t('detail.signIn')}
          </Button>
          <Button component={Link} to={paths.signup} variant="default" size="xs">
            {t('detail.signUp')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
