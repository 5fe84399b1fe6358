import type { LiveResults } from '@flashcards/contract';
import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RichText } from '../../../components/rich-text/rich-text';
import { QueryState } from '../../../components/ui/query-state';
import { RequestError } from '../../../components/ui/request-error';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useExportLiveResults, useLiveResults } from '../api/get-live-results';
import { choiceLetter } from '../choice-letters';
import { ChoiceShape } from '../components/choice-shape';
import { Distribution } from '../components/distribution';
import { GameNotFound, gameIdOf } from '../components/game-not-found';
import { TeamStandings } from '../components/standings';
import '../live-texts';

/** /live/:gameId/results: a game's standings, its questions with their answers, every player's answers. */
export function LiveResultsPage() {
  const id = gameIdOf(useParams().gameId);
  if (id === null) return <GameNotFound />;
  return <Results key={id} id={id} />;
}

function Results({ id }: { id: number }) {
  const { t } = useTranslation('live');
  const results = useLiveResults(id);
  return (
    <QueryState
      query={results}
      missing={<GameNotFound />}
      loading={
        <Stack gap="md" aria-busy="true" aria-label={t('results.loading')}>
          <Skeleton h={40} w="50%" />
          <Skeleton h={240} radius="lg" />
        </Stack>
      }
    >
      {(data) => <ResultsView id={id} results={data} />}
    </QueryState>
  );
}

function ResultsView({ id, results }: { id: number; results: LiveResults }) {
  const { t } = useTranslation('live');
  const { number, dateTime } = useFormatters();
  const download = useExportLiveResults();
  const { game } = results;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.liveGames} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('host.myGames')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} miw={0}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {t('results.title', { title: game.title })}
          </Title>
          <Text c="dimmed">
            {[
              dateTime(game.created_at),
              t('games.players', {
                count: results.players.length,
                formatted: number(results.players.length),
              }),
              t('games.questions', { count: game.questions_count, formatted: number(game.questions_count) }),
              t(`phase.${game.phase}`),
            ].join(' · ')}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={() => download.mutate(id)}
          loading={download.isPending}
        >
          {t('results.download')}
        </Button>
      </Group>
      {download.isError && <RequestError error={download.error} onRetry={() => download.mutate(id)} />}

      <Standings results={results} />
      <TeamStandings teams={results.teams} />
      <Questions results={results} />
      <Answers results={results} />
    </Stack>
  );
}

function Standings({ results }: { results: LiveResults }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  return (
    <Stack gap="sm" component="section" aria-labelledby="live-standings">
      <Title order={2} size="h3" id="live-standings">
        {t('results.standings')}
      </Title>
      {results.players.length === 0 ? (
        <Text c="dimmed">{t('results.noPlayers')}</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('standings.place')}</Table.Th>
                  <Table.Th scope="col">{t('standings.player')}</Table.Th>
                  {results.game.teams > 0 && <Table.Th scope="col">{t('teams.team')}</Table.Th>}
                  <Table.Th scope="col">{t('results.rightAnswers')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('standings.score')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.players.map((player) => {
                  const right = player.answers.filter((answer) => answer.correct).length;
                  return (
                    <Table.Tr key={player.id}>
                      <Table.Td>{number(player.rank)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          <span style={{ overflowWrap: 'anywhere' }}>{player.nickname}</span>
                          {player.signed_in && (
                            <Badge size="sm" variant="light">
                              {t('results.signedIn')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      {results.game.teams > 0 && (
                        <Table.Td>
                          {player.team === null ? '–' : t('teams.name', { number: player.team + 1 })}
                        </Table.Td>
                      )}
                      <Table.Td>
                        {t('results.rightOf', {
                          right: number(right),
                          count: number(results.game.questions_count),
                        })}
                      </Table.Td>
                      <Table.Td ta="end" fw={700}>
                        {number(player.score)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

function Questions({ results }: { results: LiveResults }) {
  const { t } = useTranslation('live');
  return (
    <Stack gap="sm" component="section" aria-labelledby="live-questions">
      <Title order={2} size="h3" id="live-questions">
        {t('results.questions')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {results.questions.map((question) => (
          <Paper key={question.position} withBorder radius="md" p="md" component="article">
            <Stack gap="sm">
              <Title order={3} size="h5">
                {t('results.question', { number: question.position + 1 })}
              </Title>
              {question.picture ? (
                <Image
                  src={question.picture}
                  alt={t('question.picture', { number: question.position + 1 })}
                  fit="contain"
                  mah={160}
                  w="auto"
                  maw="100%"
                />
              ) : (
                <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  <RichText text={question.prompt} />
                </div>
              )}
              <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                {question.choices.map((choice, index) => (
                  <Group
                    // biome-ignore lint/suspicious/noArrayIndexKey: the choices of a question never move
                    key={index}
                    component="li"
                    gap="xs"
                    wrap="nowrap"
                    fw={index === question.correct ? 700 : 400}
                  >
                    <ChoiceShape index={index} size={16} />
                    <span>{choiceLetter(t, index)}</span>
                    <span style={{ overflowWrap: 'anywhere' }}>
                      <RichText text={choice} />
                    </span>
                    {index === question.correct && (
                      <Badge
                        size="sm"
                        color="teal.9"
                        leftSection={<IconCheck size={12} aria-hidden="true" />}
                      >
                        {t('reveal.right')}
                      </Badge>
                    )}
                  </Group>
                ))}
              </Stack>
              {question.distribution && (
                <Distribution
                  choices={question.choices}
                  counts={question.distribution}
                  correct={question.correct}
                  height="8rem"
                />
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Answers({ results }: { results: LiveResults }) {
  const { t } = useTranslation('live');
  const { number, decimal } = useFormatters();
  if (results.players.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="live-answers">
      <Title order={2} size="h3" id="live-answers">
        {t('results.answers')}
      </Title>
      <Accordion variant="separated" radius="md" multiple>
        {results.players.map((player) => {
          const byQuestion = new Map(player.answers.map((answer) => [answer.question, answer]));
          return (
            <Accordion.Item key={player.id} value={String(player.id)}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pr="sm">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {number(player.rank)}. {player.nickname}
                  </Text>
                  <Text fw={700}>
                    {t('you.points', { count: player.score, formatted: number(player.score) })}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Table.ScrollContainer minWidth={480}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('results.questionColumn')}</Table.Th>
                        <Table.Th scope="col">{t('results.answer')}</Table.Th>
                        <Table.Th scope="col">{t('results.result')}</Table.Th>
                        <Table.Th scope="col" ta="end">
                          {t('results.points')}
                        </Table.Th>
                        <Table.Th scope="col" ta="end">
                          {t('results.time')}
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {results.questions.map((question) => {
                        const answer = byQuestion.get(question.position);
                        return (
                          <Table.Tr key={question.position}>
                            <Table.Td>{number(question.position + 1)}</Table.Td>
                            <Table.Td>
                              {answer ? (
                                <Group gap={6} wrap="nowrap">
                                  <ChoiceShape index={answer.choice} size={14} />
                                  <span>{choiceLetter(t, answer.choice)}</span>
                                  <span style={{ overflowWrap: 'anywhere' }}>
                                    <RichText text={question.choices[answer.choice] ?? ''} />
                                  </span>
                                </Group>
                              ) : (
                                '–'
                              )}
                            </Table.Td>
                            <Table.Td>
                              {!answer ? (
                                <Text span c="dimmed" inherit>
                                  {t('results.noAnswer')}
                                </Text>
                              ) : answer.correct ? (
                                <Group gap={4} wrap="nowrap" c="teal.9">
                                  <IconCheck size={16} aria-hidden="true" />
                                  {t('results.right')}
                                </Group>
                              ) : (
                                <Group gap={4} wrap="nowrap" c="red.9">
                                  <IconX size={16} aria-hidden="true" />
                                  {t('results.wrong')}
                                </Group>
                              )}
                            </Table.Td>
                            <Table.Td ta="end">{answer ? number(answer.points) : '–'}</Table.Td>
                            <Table.Td ta="end">
                              {answer ? t('results.seconds', { value: decimal(answer.time_ms / 1000) }) : '–'}
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
