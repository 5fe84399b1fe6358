import type { Home, HomeSitting } from '@flashcards/contract';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCertificate, IconChalkboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { HomeList, HomeSection } from './home-section';
import { ProgressLine } from './progress-line';

type Teacher = NonNullable<Home['teacher']>;

const stateColors = { running: 'green', upcoming: 'indigo', ended: 'gray' } as const;

function Sitting({ sitting }: { sitting: HomeSitting }) {
  const { t } = useTranslation('dashboard');
  const { number, dateTimeRange } = useFormatters();
  const counts = { students: number(sitting.students) };
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <div>
            <Group gap="xs">
              <Text fw={700}>{sitting.test_name}</Text>
              <Badge color={stateColors[sitting.state]} variant="light" c="var(--mantine-color-text)">
                {t(`teacher.states.${sitting.state}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {dateTimeRange(sitting.start_exam_at, sitting.end_exam_at)}
            </Text>
          </div>
          {sitting.state === 'running' ? (
            <Button
              component={Link}
              to={generatePath(paths.schoolExamLive, { schoolTestId: String(sitting.test_id) })}
              size="compact-md"
              aria-label={t('teacher.watchLabel', { name: sitting.test_name })}
            >
              {t('teacher.watch')}
            </Button>
          ) : sitting.state === 'ended' ? (
            <Button
              component={Link}
              to={paths.schoolExams}
              size="compact-md"
              variant="default"
              aria-label={t('teacher.resultsLabel', { name: sitting.test_name })}
            >
              {t('teacher.results')}
            </Button>
          ) : null}
        </Group>
        {sitting.state === 'upcoming' ? (
          <Text size="sm">{t('teacher.students', { count: sitting.students, ...counts })}</Text>
        ) : (
          <ProgressLine
            label={t('teacher.completedLabel')}
            done={sitting.completed}
            total={sitting.students}
            text={t('teacher.completed', { done: number(sitting.completed), ...counts })}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The exams I gave that run now, come within two weeks or ended this week (their results to look through). */
export function Sittings({ teacher }: { teacher: Teacher }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormatters();
  return (
    <HomeSection
      title={t('teacher.sittings')}
      icon={<IconCertificate size={22} aria-hidden="true" />}
      more={{ to: paths.schoolExams, label: t('teacher.allExams') }}
      empty={teacher.sittings.length === 0 ? t('teacher.sittingsEmpty') : undefined}
    >
      {teacher.to_review > 0 && (
        <Text size="sm" fw={600}>
          {t('teacher.toReview', { count: teacher.to_review, formatted: number(teacher.to_review) })}
        </Text>
      )}
      <HomeList>
        {teacher.sittings.map((sitting) => (
          <Sitting
            key={`${sitting.test_id}-${sitting.start_exam_at}-${sitting.end_exam_at}`}
            sitting={sitting}
          />
        ))}
      </HomeList>
    </HomeSection>
  );
}

/** The classes I teach and how their students worked this week. */
export function ClassesWeek({ classes }: { classes: Teacher['classes'] }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormatters();
  return (
    <HomeSection
      title={t('teacher.classes')}
      icon={<IconChalkboard size={22} aria-hidden="true" />}
      more={classes.length > 0 ? { to: paths.myClasses, label: t('teacher.allClasses') } : undefined}
      empty={classes.length === 0 ? t('teacher.classesEmpty') : undefined}
    >
      <HomeList>
        {classes.map((klass) => (
          <Paper component="li" key={klass.id} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text
                  component={Link}
                  to={generatePath(paths.schoolClass, { classId: String(klass.id) })}
                  fw={700}
                  td="underline"
                >
                  {klass.name}
                </Text>
                <Text size="sm">
                  {t('teacher.pathAnswers', {
                    count: klass.path_answers,
                    formatted: number(klass.path_answers),
                  })}
                </Text>
              </Group>
              <ProgressLine
                label={t('teacher.activeLabel')}
                done={klass.active_students}
                total={klass.students}
                text={t('teacher.active', {
                  active: number(klass.active_students),
                  students: number(klass.students),
                })}
              />
            </Stack>
          </Paper>
        ))}
      </HomeList>
    </HomeSection>
  );
}
