import type { LearningPathProgress } from '@flashcards/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import type { DeckKind } from '../../../components/deck/deck-source';
import type { LearningType, PracticeSettings } from '../../../components/deck/practice-settings';
import { StandardSession } from '../../../components/deck/standard-session';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../lib/paths';
import { usePathProgress } from '../api/get-path-progress';
import { pathSource } from '../api/path-deck';
import '../path-texts';
import { PathMissing, pathIdFrom } from './path-progress-page';

/** The mode of the address, else the path's first mode. */
export const studyTypeOf = (
  path: Pick<LearningPathProgress, 'learning_type_verbal' | 'learning_type_typing'>,
  asked: string | null,
): LearningType => {
  if (asked === 'verbal' || asked === 'typing') return asked;
  return path.learning_type_verbal ? 'verbal' : 'typing';
};

/**
 * /learning-path-cards-text/:id and -picture/:id: a path's student studies its deck on the practice
 * screen, in the mode of the address. The path's refusals (outside its days, a mode it does not study)
 * stop the session with the server's message.
 */
export function PathStudyPage({ kind }: { kind: DeckKind }) {
  const { t } = useTranslation('paths');
  const id = pathIdFrom(useParams().learningPathId);
  const progress = usePathProgress(id ?? 0);
  const [params] = useSearchParams();
  const { search } = useLocation();
  if (id === null) return <PathMissing />;
  return (
    <QueryState
      query={progress}
      loading={<PageLoader label={t('progress.loading')} />}
      missing={<PathMissing />}
    >
      {(path) =>
        // An address of the other kind goes where the path is studied.
        path.category.type_of_cards !== kind ? (
          <Navigate
            replace
            to={{
              pathname: generatePath(
                path.category.type_of_cards === 'picture'
                  ? paths.learningPathCardsPicture
                  : paths.learningPathCardsText,
                { learningPathId: String(path.id) },
              ),
              search,
            }}
          />
        ) : (
          <PathStudy
            key={`${path.id}-${params.get('type')}`}
            path={path}
            type={studyTypeOf(path, params.get('type'))}
          />
        )
      }
    </QueryState>
  );
}

function PathStudy({ path, type }: { path: LearningPathProgress; type: LearningType }) {
  const { t } = useTranslation('paths');
  const back = generatePath(paths.learningPathProgress, { learningPathId: String(path.id) });
  // The session keeps one source: the path's deck in the mode.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path's counts change, its deck does not
  const source = useMemo(() => pathSource(path, type), [path.id, type]);
  const settings: PracticeSettings = {
    tags: path.categories_tags,
    quantity: path.flip_cards_volume,
    type,
    mode: 'standard',
    ignoreAccents: false,
  };
  return (
    <StandardSession
      category={{
        id: path.category.id,
        name: path.name,
        learned_cards_verbal_len: path.learned_cards_verbal_len,
        learned_cards_typing_len: path.learned_cards_typing_len,
      }}
      settings={settings}
      cardsPath={back}
      backLabel={t('study.toPath')}
      source={source}
      stopped={(message) => (
        <Alert
          color="orange"
          variant="light"
          radius="lg"
          icon={<IconCalendarOff aria-hidden="true" />}
          title={t('study.stopped')}
          role="alert"
        >
          <Stack gap="sm">
            <Text size="sm">{message}</Text>
            <Button
              component={Link}
              to={back}
              size="xs"
              variant="default"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('study.toPath')}
            </Button>
          </Stack>
        </Alert>
      )}
    />
  );
}
