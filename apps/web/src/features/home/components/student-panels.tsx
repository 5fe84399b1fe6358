import type { Home, HomeExam } from '@flashcards/contract';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconCertificate,
  IconMap2,
  IconPlayerPlay,
  IconPlayerTrackNext,
  IconTrophy,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { GradeBadge } from '../../../components/exam/grade-badge';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Countdown } from './countdown';
import { HomeList, HomeSection } from './home-section';
import { ProgressLine } from './progress-line';

type Student = NonNullable<Home['student']>;

/** Today's paths with their targets and what today brought, each leading to its page. */
export function TodayPaths({ paths: todays }: { paths: Student['paths'] }) {
  const { t } = useTranslation('dashboard');
  const { number, date } = useFormatters();
  return (
    <HomeSection
      title={t('student.paths')}
      icon={<IconMap2 size={22} aria-hidden="true" />}
      more={{ to: paths.myLearningPaths, label: t('student.allPaths') }}
      empty={todays.length === 0 ? t('student.pathsEmpty') : undefined}
    >
      <HomeList>
        {todays.map((path) => (
          <Paper component="li" key={path.id} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <div>
                  <Text fw={700}>{path.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('student.pathOf', { category: path.category_name, date: date(path.end_at) })}
                  </Text>
                </div>
                {path.completed ? (
                  <Badge color="teal" variant="light">
                    {t('student.pathDone')}
                  </Badge>
                ) : (
                  <Button
                    component={Link}
                    to={generatePath(paths.learningPathProgress, { learningPathId: String(path.id) })}
                    size="compact-md"
                    aria-label={t('student.studyLabel', { name: path.name })}
                  >
                    {t('student.study')}
                  </Button>
                )}
              </Group>
              <ProgressLine
                label={t('student.flips')}
                done={path.flips_today}
                total={path.daily_flip_target}
                text={t('student.ofTarget', {
                  done: number(path.flips_today),
                  target: number(path.daily_flip_target),
                })}
              />
              {path.daily_learn_target > 0 && (
                <ProgressLine
                  label={t('student.learned')}
                  done={path.learned_today}
                  total={path.daily_learn_target}
                  text={t('student.ofTarget', {
                    done: number(path.learned_today),
                    target: number(path.daily_learn_target),
                  })}
                />
              )}
            </Stack>
          </Paper>
        ))}
      </HomeList>
    </HomeSection>
  );
}

/** An exam ahead: a live countdown to its opening, then the button that starts or continues it. */
function ExamAhead({ exam, now }: { exam: HomeExam; now: number }) {
  const { t } = useTranslation('dashboard');
  const { dateTime } = useFormatters();
  const open = Date.parse(exam.start_exam_at) <= now && now < Date.parse(exam.ends_at);
  const taking = generatePath(paths.schoolExamStarted, { examId: String(exam.id) });
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs">
        <div>
          <Text fw={700}>{exam.test_name}</Text>
          {open ? (
            <Text size="sm">{t('student.openUntil', { time: dateTime(exam.ends_at) })}</Text>
          ) : (
            <Countdown at={exam.start_exam_at} now={now} />
          )}
        </div>
        {open && (
          <Button
            component={Link}
            to={taking}
            size="compact-md"
            variant={exam.is_exam_started ? 'light' : 'filled'}
            leftSection={
              exam.is_exam_started ? (
                <IconPlayerTrackNext size={16} aria-hidden="true" />
              ) : (
                <IconPlayerPlay size={16} aria-hidden="true" />
              )
            }
            aria-label={t(exam.is_exam_started ? 'student.continueLabel' : 'student.startLabel', {
              name: exam.test_name,
            })}
          >
            {t(exam.is_exam_started ? 'student.continue' : 'student.start')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export function ExamsAhead({ exams, now }: { exams: Student['exams']; now: number }) {
  const { t } = useTranslation('dashboard');
  // An exam whose time is over leaves the list without waiting for the next load.
  const ahead = exams.filter((exam) => Date.parse(exam.ends_at) > now);
  return (
    <HomeSection
      title={t('student.exams')}
      icon={<IconCertificate size={22} aria-hidden="true" />}
      more={{ to: paths.studentsSchoolExams, label: t('student.allExams') }}
      empty={ahead.length === 0 ? t('student.examsEmpty') : undefined}
    >
      <HomeList>
        {ahead.map((exam) => (
          <ExamAhead key={exam.id} exam={exam} now={now} />
        ))}
      </HomeList>
    </HomeSection>
  );
}

/** Results that came this week, each leading to its exam's details. */
export function FreshResults({ results }: { results: Student['results'] }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormatters();
  return (
    <HomeSection title={t('student.results')} icon={<IconTrophy size={22} aria-hidden="true" />}>
      <HomeList>
        {results.map((result) => (
          <Paper component="li" key={result.id} withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs">
              <div>
                <Text
                  component={Link}
                  to={generatePath(paths.schoolExam, { examId: String(result.id) })}
                  fw={700}
                  td="underline"
                >
                  {result.test_name}
                </Text>
                {result.score !== null && (
                  <Text size="sm">
                    {t('student.score', { score: number(result.score), total: number(result.total_score) })}
                  </Text>
                )}
              </div>
              {result.grade !== null && <GradeBadge grade={result.grade} />}
            </Group>
          </Paper>
        ))}
      </HomeList>
    </HomeSection>
  );
}
