import type { Category } from '@flashcards/contract';
import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CategoryMissing } from '../../../components/deck/category-missing';
import type { DeckKind } from '../../../components/deck/deck-source';
import { PracticeHeader } from '../../../components/deck/practice-header';
import {
  draftFromParams,
  rememberSettings,
  settingsFromParams,
  settingsToParams,
} from '../../../components/deck/practice-settings';
import { StandardSession } from '../../../components/deck/standard-session';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { cardsPathOf, categoryIdFrom, practicePathOf } from '../../../lib/category-paths';
import { useCategory } from '../../../lib/category-queries';
import { paths } from '../../../lib/paths';
import { categorySource } from '../category-source';
import { GamingSession } from '../components/gaming-session';
import { SetupModals } from '../components/setup-modals';

function Missing() {
  const { t } = useTranslation('practice');
  return (
    <CategoryMissing
      text={t('notFound.text')}
      back={{ to: paths.myCategories, label: t('notFound.toCategories') }}
    />
  );
}

/** /flash-cards-text/:id and /flash-cards-picture/:id: practise one of my categories. */
export function PracticePage({ kind }: { kind: DeckKind }) {
  const id = categoryIdFrom(useParams().categoryId);
  if (id === null) return <Missing />;
  return <PracticeOfCategory key={id} id={id} kind={kind} />;
}

function PracticeOfCategory({ id, kind }: { id: number; kind: DeckKind }) {
  const { t } = useTranslation('practice');
  const { search } = useLocation();
  return (
    <QueryState
      query={useCategory(id)}
      loading={<PageLoader label={t('loading.category')} />}
      missing={<Missing />}
    >
      {(found) =>
        // An address of the other kind (or a kids category) goes where the category is practised.
        found.type_of_cards !== kind ? (
          <Navigate
            replace
            to={{
              pathname: practicePathOf(found),
              search: found.type_of_cards === 'kids' ? '' : search,
            }}
          />
        ) : (
          <Practice category={found} kind={kind} />
        )
      }
    </QueryState>
  );
}

function Practice({ category, kind }: { category: Category; kind: DeckKind }) {
  const { t } = useTranslation('practice');
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const settings = settingsFromParams(params);
  const [changing, setChanging] = useState(false);
  // "Study" starts the next session the way this one is set.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings are the address's
  useEffect(() => {
    if (settings) rememberSettings(settings);
  }, [params.toString()]);
  const cardsPath = cardsPathOf(category);

  // Leaving the first modal goes back where the learner came from (the cards or the categories).
  const leave = () => (location.key !== 'default' ? navigate(-1) : navigate(cardsPath, { replace: true }));

  const setup = (
    <SetupModals
      opened={!settings || changing}
      kind={kind}
      categoryId={category.id}
      initial={settings ?? draftFromParams(params)}
      onCancel={settings ? () => setChanging(false) : leave}
      onDone={(chosen) => {
        setChanging(false);
        // Choosing settings for the first time replaces the bare address; a change is a new entry.
        setParams(settingsToParams(chosen), { replace: !settings });
      }}
    />
  );

  if (!settings)
    return (
      <Stack gap="lg">
        <PracticeHeader back={{ to: cardsPath, label: t('session.allCards') }} title={category.name}>
          <Text c="dimmed">{t('setup.intro')}</Text>
        </PracticeHeader>
        {setup}
      </Stack>
    );

  const Session = settings.mode === 'gaming' ? GamingSession : StandardSession;
  return (
    <>
      <Session
        // A new filter is a new session.
        key={params.toString()}
        category={category}
        settings={settings}
        source={categorySource(kind, category.id, {
          tags: settings.tags,
          quantity: settings.quantity,
          type: settings.type,
        })}
        cardsPath={cardsPath}
        onChangeFilter={() => setChanging(true)}
      />
      {setup}
    </>
  );
}
