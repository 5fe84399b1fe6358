import type { LivePhase } from '@flashcards/contract';
import { Anchor, Badge, Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceGamepad2, IconListNumbers, IconPresentation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useSearchParams } from 'react-router';
import { CardListSkeleton, PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useLiveGames } from '../api/get-live-games';
import { NewGameForm } from '../components/new-game-form';
import type { GameSource } from '../live-form';
import '../live-texts';

const phaseColors: Record<LivePhase, string> = {
  lobby: 'blue',
  question: 'orange',
  reveal: 'orange',
  finished: 'gray',
};

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

/** The game's source the address names: `?test=` (a test's menu), else `?category=` (a category's page). */
const sourceOf = (params: URLSearchParams): GameSource => {
  const test = idOf(params.get('test'));
  return test !== null ? { kind: 'test', id: test } : { kind: 'category', id: idOf(params.get('category')) };
};

/** /live: a new game (of the category or test the address names, if any) and my games. */
export function LiveGamesPage() {
  const { t } = useTranslation(['live', 'pages']);
  const [params] = useSearchParams();
  const source = sourceOf(params);
  return (
    <Stack gap="lg">
      <PageHeading title={t('pages:titles.liveGames')} intro={t('games.intro')} />
      <NewGameForm key={`${source.kind}-${source.id}`} source={source} />
      <MyGames />
    </Stack>
  );
}

function MyGames() {
  const { t } = useTranslation('live');
  const { number, dateTime } = useFormatters();
  const games = useLiveGames();
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-live-games">
      <Title order={2} size="h3" id="my-live-games">
        {t('games.mine')}
      </Title>
      <QueryState
        query={games}
        loading={<CardListSkeleton label={t('games.loading')} height={72} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<IconDeviceGamepad2 size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('games.empty')}
            description={t('games.emptyHint')}
          />
        }
      >
        {(list) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((game) => {
              const id = String(game.id);
              return (
                <Paper component="li" key={game.id} withBorder radius="md" p="md">
                  <Group justify="space-between" gap="sm">
                    <Stack gap={4} miw={0}>
                      <Group gap="xs">
                        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                          {game.phase === 'finished' ? (
                            game.title
                          ) : (
                            <Anchor
                              component={Link}
                              to={generatePath(paths.liveHost, { gameId: id })}
                              inherit
                            >
                              {game.title}
                            </Anchor>
                          )}
                        </Text>
                        <Badge variant="light" color={phaseColors[game.phase]}>
                          {t(`phase.${game.phase}`)}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {[
                          dateTime(game.created_at),
                          t('games.players', { count: game.players, formatted: number(game.players) }),
                          t('games.questions', {
                            count: game.questions_count,
                            formatted: number(game.questions_count),
                          }),
                        ].join(' · ')}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      {game.phase !== 'finished' && (
                        <Button
                          component={Link}
                          to={generatePath(paths.liveHost, { gameId: id })}
                          size="xs"
                          leftSection={<IconPresentation size={14} aria-hidden="true" />}
                          aria-label={t('games.hostNamed', { title: game.title })}
                        >
                          {t('games.host')}
                        </Button>
                      )}
                      <Button
                        component={Link}
                        to={generatePath(paths.liveResults, { gameId: id })}
                        size="xs"
                        variant="light"
                        leftSection={<IconListNumbers size={14} aria-hidden="true" />}
                        aria-label={t('games.resultsNamed', { title: game.title })}
                      >
                        {t('games.results')}
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
