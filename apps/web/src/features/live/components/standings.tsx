import type { LiveStanding } from '@flashcards/contract';
import { Badge, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import classes from './live.module.css';

type TeamStanding = { team: number; score: number; members: number; rank: number };

/** The best players: place, nickname (and team), score; `you` marks this player's own line. */
export function Leaderboard({
  standings,
  title,
  you,
  large = false,
}: {
  standings: LiveStanding[];
  title: string;
  you?: number;
  large?: boolean;
}) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} size={large ? 'h2' : 'h3'}>
          {title}
        </Title>
        <Table fz={large ? 'xl' : 'md'} verticalSpacing={large ? 'sm' : 'xs'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('standings.place')}</Table.Th>
              <Table.Th scope="col">{t('standings.player')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('standings.score')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {standings.map((standing) => (
              <Table.Tr key={standing.id} fw={standing.id === you ? 800 : undefined}>
                <Table.Td>{number(standing.rank)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Text inherit className={classes.nickname}>
                      {standing.nickname}
                    </Text>
                    {standing.id === you && (
                      <Badge variant="filled" size="sm">
                        {t('standings.you')}
                      </Badge>
                    )}
                    {standing.team !== null && (
                      <Badge variant="light" size="sm" color="gray">
                        {t('teams.name', { number: standing.team + 1 })}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {number(standing.score)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/** The teams, best first: each team's mean score and its members. */
export function TeamStandings({ teams, large = false }: { teams: TeamStanding[]; large?: boolean }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  if (teams.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} size={large ? 'h2' : 'h3'}>
          {t('teams.title')}
        </Title>
        <Table fz={large ? 'xl' : 'md'} verticalSpacing={large ? 'sm' : 'xs'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('standings.place')}</Table.Th>
              <Table.Th scope="col">{t('teams.team')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('teams.score')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {teams.map((team) => (
              <Table.Tr key={team.team}>
                <Table.Td>{number(team.rank)}</Table.Td>
                <Table.Td>
                  {t('teams.name', { number: team.team + 1 })}{' '}
                  <Text span c="dimmed" inherit fz="0.8em">
                    ({t('teams.members', { count: team.members, formatted: number(team.members) })})
                  </Text>
                </Table.Td>
                <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {number(team.score)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/** The three best players on their steps, read first to third. */
export function Podium({ standings, large = false }: { standings: LiveStanding[]; large?: boolean }) {
  const { t } = useTranslation('live');
  const { number } = useFormatters();
  const top = standings.slice(0, 3);
  return (
    <ol className={classes.podium} aria-label={t('podium.title')}>
      {top.map((standing, index) => {
        // Ties share a place; the steps follow the order.
        const step = index + 1;
        return (
          <li key={standing.id} className={classes.step} data-place={step}>
            {step === 1 && <IconTrophy size={48} color="#b8860b" aria-hidden="true" />}
            <Text fz={large ? '2rem' : 'xl'} className={classes.nickname}>
              {standing.nickname}
            </Text>
            <Text fz={large ? '1.5rem' : 'lg'} fw={600}>
              {t('podium.points', { count: standing.score, formatted: number(standing.score) })}
            </Text>
            <div className={classes.block}>
              <span aria-hidden="true">{number(standing.rank)}</span>
              <VisuallyHidden>{t('podium.place', { place: standing.rank })}</VisuallyHidden>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
