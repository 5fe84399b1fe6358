import type { Home } from '@flashcards/contract';
import { SimpleGrid, Table, Text } from '@mantine/core';
import { IconSchool, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatTile } from '../../../components/ui/stat-tile';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { HomeSection } from './home-section';
import { ProgressLine } from './progress-line';

type Principal = NonNullable<Home['principal']>;

/** The school at a glance: classes, people and seats, and what its teachers gave this week. */
export function PrincipalPanels({ principal }: { principal: Principal }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormatters();
  return (
    <>
      <HomeSection
        title={t('principal.title', { school: principal.school.name })}
        icon={<IconSchool size={22} aria-hidden="true" />}
        more={{ to: paths.mySchool, label: t('principal.manage') }}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <StatTile label={t('principal.classes')} value={number(principal.classes)} />
          <StatTile label={t('principal.teachers')} value={number(principal.teachers)} />
          <StatTile label={t('principal.pathsWeek')} value={number(principal.paths_this_week)} />
          <StatTile label={t('principal.examsWeek')} value={number(principal.exams_this_week)} />
        </SimpleGrid>
        <ProgressLine
          label={t('principal.seats')}
          done={principal.students}
          total={principal.seats}
          text={t('principal.seatsUsed', {
            students: number(principal.students),
            seats: number(principal.seats),
          })}
        />
      </HomeSection>
      <HomeSection
        title={t('principal.teachersWeek')}
        icon={<IconUsers size={22} aria-hidden="true" />}
        empty={principal.teachers_this_week.length === 0 ? t('principal.noTeachers') : undefined}
      >
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('principal.teacher')}</Table.Th>
                <Table.Th ta="right">{t('principal.paths')}</Table.Th>
                <Table.Th ta="right">{t('principal.exams')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {principal.teachers_this_week.map((teacher) => (
                <Table.Tr key={teacher.id}>
                  <Table.Td>
                    <Text size="sm">{`${teacher.first_name} ${teacher.last_name}`.trim()}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{number(teacher.paths)}</Table.Td>
                  <Table.Td ta="right">{number(teacher.exams)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </HomeSection>
    </>
  );
}
