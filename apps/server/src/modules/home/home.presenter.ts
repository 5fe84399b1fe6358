import {
  type Grade,
  HOME_LIST_MAX,
  HOME_RECENT_DAYS,
  type Home,
  type HomeRole,
  type HomeSitting,
} from '@flashcards/contract';
import { isoTime } from '../../db/rows';
import { resultsMoment } from '../exams/exams.presenter';
import type { HomeData } from './home.service';

const time = (value: Date | string) => new Date(value).getTime();
const DAY_MS = 24 * 60 * 60 * 1000;

const studentOf = (data: HomeData): Home['student'] => {
  if (!data.paths || !data.exams) return null;
  const now = data.now.getTime();
  const upcoming = data.exams
    .filter((row) => row.completed_at === null && time(row.ends_at) > now)
    .slice(0, HOME_LIST_MAX)
    .map((row) => ({
      id: row.id,
      test_name: row.test_name,
      start_exam_at: isoTime(row.start_at),
      ends_at: isoTime(row.ends_at),
      is_exam_started: row.started_at !== null,
      open: time(row.start_at) <= now,
    }));
  const results = data.exams
    .flatMap((row) => {
      const at = resultsMoment(row);
      if (row.completed_at === null || at === null) return [];
      return time(at) <= now && time(at) > now - HOME_RECENT_DAYS * DAY_MS ? [{ row, at: isoTime(at) }] : [];
    })
    .sort((a, b) => time(b.at) - time(a.at))
    .slice(0, HOME_LIST_MAX)
    .map(({ row, at }) => ({
      id: row.id,
      test_name: row.test_name,
      score: row.score,
      total_score: row.total_score,
      grade: row.grade as Grade | null,
      results_at: at,
    }));
  return {
    paths: data.paths,
    exams: upcoming,
    results,
  };
};

const sittingState = (row: { start_at: Date | string; end_at: Date | string }, now: number) =>
  time(row.end_at) <= now ? 'ended' : time(row.start_at) <= now ? 'running' : 'upcoming';

const teacherOf = (data: HomeData): Home['teacher'] => {
  if (!data.teacher) return null;
  const now = data.now.getTime();
  // By start, as the statement orders them.
  const sittings: HomeSitting[] = data.teacher.sittings.map((row) => ({
    test_id: row.test_id,
    test_name: row.test_name,
    start_exam_at: isoTime(row.start_at),
    end_exam_at: isoTime(row.end_at),
    state: sittingState(row, now),
    students: row.students,
    started: row.started,
    completed: row.completed,
  }));
  const inState = (state: HomeSitting['state']) => sittings.filter((sitting) => sitting.state === state);
  return {
    // Every running sitting; the next few ahead, and the latest few ended (the exams page has them all).
    sittings: [
      ...inState('running'),
      ...inState('upcoming').slice(0, HOME_LIST_MAX),
      ...inState('ended').reverse().slice(0, HOME_LIST_MAX),
    ],
    classes: data.teacher.classes,
    to_review: inState('ended').length,
  };
};

export const toHome = (data: HomeData): Home => {
  const student = studentOf(data);
  const hasAssigned =
    student !== null && (student.paths.length > 0 || student.exams.length > 0 || student.results.length > 0);
  const roles: HomeRole[] = [];
  if (student && (data.isStudent || hasAssigned)) roles.push('student');
  if (data.learner) roles.push('learner');
  if (data.teacher) roles.push('teacher');
  if (data.school) roles.push('principal');
  return {
    roles,
    uses_teacher_tools: data.usesTools,
    today: data.today,
    now: data.now.toISOString(),
    sent_to_me: {
      offers: data.offers.map((offer) => ({
        id: offer.id,
        category_name: offer.category_name,
        sender_name: `${offer.sender_first_name} ${offer.sender_last_name}`.trim(),
        sent_at: isoTime(offer.created_at),
      })),
      count: data.offers[0]?.total ?? 0,
    },
    student: roles.includes('student') ? student : null,
    learner: data.learner && {
      due_cards_len: data.learner.due_cards_len,
      continue_category: data.learner.continue_category,
      categories_count: data.learner.categories_count,
      answers_today: data.learner.answers_today,
      daily_limit: data.learner.dailyLimit,
      streak_days: data.learner.streak_days,
      practised_today: data.learner.answers_today > 0,
    },
    teacher: teacherOf(data),
    principal: data.school
      ? {
          school: { id: data.school.id, name: data.school.name },
          classes: data.school.classes,
          students: data.school.students,
          teachers: data.school.teachers,
          seats: data.school.seats,
          paths_this_week: data.school.teachers_this_week.reduce((sum, teacher) => sum + teacher.paths, 0),
          exams_this_week: data.school.teachers_this_week.reduce((sum, teacher) => sum + teacher.exams, 0),
          teachers_this_week: data.school.teachers_this_week,
        }
      : null,
  };
};
