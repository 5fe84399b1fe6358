/**
 * A school's exam morning: 2,000 students of one school are given the same 20-question test; each starts
 * it within the same 10 seconds, then saves an answer to every question at a steady rate; at the end the
 * server completes every exam by itself. Measured over HTTP against the started server, with the
 * database read directly to count what was saved and when the exams were completed.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import type { SeedLog } from './data-set';
import { tokensFor } from './school';

export const EXAM_SHAPE = { students: 2000, questions: 20 } as const;
const SCHOOL = 'Bench exam school 1';
const teacherEmail = 'bench-exam-teacher@example.com';
const TEST = 'Bench exam';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

export type ExamDataSet = { teacherId: number; studentIds: number[]; testId: number; questionIds: number[] };

/** Seeds the school and its test unless they are there, and removes the exams of an earlier run. */
export const seedExamSchool = async (handle: DatabaseHandle, log: SeedLog): Promise<ExamDataSet> => {
  const { students, questions } = EXAM_SHAPE;
  const [existing] = await rowsOf<{ id: number }>(handle, sql`select id from schools where name = ${SCHOOL}`);
  if (!existing) {
    log(`Seeding the exam school: ${students} students and a test of ${questions} questions…`);
    await handle.db.transaction(async (tx) => {
      const run = (query: ReturnType<typeof sql>) => tx.execute(query);
      await run(sql`delete from users where email = ${teacherEmail} or email like 'bench-exam-student-%'`);
      const [school] = (
        (await run(
          sql`insert into schools (name, available_students) values (${SCHOOL}, ${students}) returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      await run(sql`insert into users (email, first_name, last_name, is_active, school_id, is_teacher,
          is_organization_member, trial_end_date)
        values (${teacherEmail}, 'Bench', 'Examiner', true, ${school!.id}, true, true, now() + interval '10 years')`);
      await run(sql`insert into users (email, first_name, last_name, is_active, school_id, is_student, is_organization_member)
        select 'bench-exam-student-' || n || '@example.com', 'Pupil', 'Number ' || n, true, ${school!.id}, true, true
        from generate_series(1, ${students}) n`);
      await run(sql`insert into school_tests (name, created_by_id, excellent_score, very_good_score, good_score,
          satisfy_score, fail_score)
        select ${TEST}, id, 18, 15, 12, 9, 0 from users where email = ${teacherEmail}`);
      await run(sql`insert into test_questions (test_id, position, question_text, answer_a, answer_b, answer_c,
          answer_d, correct_answer, score_value)
        select t.id, n, 'Question ' || n, 'One', 'Two', 'Three', 'Four', substr('abcd', 1 + n % 4, 1), 1
        from school_tests t, generate_series(1, ${questions}) n where t.name = ${TEST}`);
    });
    for (const table of ['users', 'school_tests', 'test_questions'])
      await handle.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const [teacher] = await rowsOf<{ id: number }>(
    handle,
    sql`select id from users where email = ${teacherEmail}`,
  );
  const [test] = await rowsOf<{ id: number }>(
    handle,
    sql`select id from school_tests where name = ${TEST} and created_by_id = ${teacher!.id}`,
  );
  await handle.db.execute(sql`delete from exams where test_id = ${test!.id}`);
  const studentIds = (
    await rowsOf<{ id: number }>(
      handle,
      sql`select id from users where email like 'bench-exam-student-%' order by id`,
    )
  ).map((row) => row.id);
  const questionIds = (
    await rowsOf<{ id: number }>(
      handle,
      sql`select id from test_questions where test_id = ${test!.id} order by position`,
    )
  ).map((row) => row.id);
  return { teacherId: teacher!.id, studentIds, testId: test!.id, questionIds };
};

type Call = { method: 'GET' | 'PUT' | 'POST'; path: string; authorization: string; body?: string };

export type ExamPhase = {
  name: string;
  rate: number;
  count: number;
  failed: number;
  p50: number;
  p99: number;
};

const fire = async (url: string, name: string, calls: Call[], rate: number): Promise<ExamPhase> => {
  let next = 0;
  const result = await autocannon({
    url,
    connections: 50,
    overallRate: rate,
    amount: calls.length,
    requests: [
      {
        setupRequest: (request) => {
          const call = calls[next++]!;
          return {
            ...request,
            method: call.method,
            path: call.path,
            headers: {
              authorization: call.authorization,
              accept: 'application/json',
              'content-type': 'application/json',
            },
            body: call.method === 'GET' ? undefined : (call.body ?? '{}'),
          };
        },
      },
    ],
  });
  return {
    name,
    rate,
    count: result.requests.total,
    failed: result.non2xx + result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
};

export type ExamRun = {
  phases: ExamPhase[];
  /** Answers the server accepted (2xx) and answers found saved in the database. */
  answersSent: number;
  answersSaved: number;
  /** Seconds from the exams' end until the server had completed every started one, and how many. */
  completionSeconds: number;
  completed: number;
};

/**
 * The exam morning against a running server: the teacher gives the exam to every student in one call,
 * the students start it at `startRate` (2,000 within 10 s at 200 req/s), save every answer at
 * `answerRate`, and the server completes the exams at their end.
 */
export const runExamPhases = async (
  url: string,
  handle: DatabaseHandle,
  data: ExamDataSet,
  options: { secret: string; minutes: number; startRate: number; answerRate: number },
  log: SeedLog,
): Promise<ExamRun> => {
  const tokens = await tokensFor([data.teacherId, ...data.studentIds], options.secret, options.minutes);
  const answerCount = data.studentIds.length * data.questionIds.length;
  const startSeconds = data.studentIds.length / options.startRate;
  const answerSeconds = answerCount / options.answerRate;
  // The end leaves the starts and answers time to finish, with a margin for a slow machine.
  const end = new Date(Date.now() + (startSeconds + answerSeconds) * 1000 * 1.5 + 20_000);
  const given = await fetch(`${url}/api/exam/exams/`, {
    method: 'POST',
    headers: { authorization: tokens.get(data.teacherId)!, 'content-type': 'application/json' },
    body: JSON.stringify({
      school_test: data.testId,
      student: data.studentIds,
      start_at: new Date(Date.now() - 60_000).toISOString(),
      end_at: end.toISOString(),
      shuffle_questions: true,
    }),
  });
  if (given.status !== 201)
    throw new Error(`Giving the exam answered ${given.status}: ${await given.text()}`);
  const exams = await rowsOf<{ id: number; student_id: number }>(
    handle,
    sql`select id, student_id from exams where test_id = ${data.testId} order by id`,
  );
  log(`  ${exams.length} exams given, ending at ${end.toISOString()}`);

  // A server of a school day has been up: the students' lists of exams warm it first (its code and its
  // connections), so the burst measures the starts rather than the first calls after a restart.
  const lists: Call[] = exams.slice(0, 600).map((exam) => ({
    method: 'GET',
    path: '/api/exam/students-exams/',
    authorization: tokens.get(exam.student_id)!,
  }));
  await fire(url, 'warm-up: GET /api/exam/students-exams/', lists, options.startRate);

  const starts: Call[] = exams.map((exam) => ({
    method: 'PUT',
    path: `/api/exam/exam-started/${exam.id}/`,
    authorization: tokens.get(exam.student_id)!,
  }));
  const started = await fire(url, 'start: PUT /api/exam/exam-started/{id}/', starts, options.startRate);

  // Question by question, each student in turn: a student never sends two answers at once.
  const answers: Call[] = data.questionIds.flatMap((questionId, index) =>
    exams.map((exam) => ({
      method: 'POST' as const,
      path: `/api/exam/${exam.id}/${questionId}/answer/`,
      authorization: tokens.get(exam.student_id)!,
      body: JSON.stringify({ student_answer: 'abcd'[(exam.id + index) % 4] }),
    })),
  );
  const answered = await fire(
    url,
    'answer: POST /api/exam/{examId}/{questionId}/answer/',
    answers,
    options.answerRate,
  );
  const [saved] = await rowsOf<{ count: number }>(
    handle,
    sql`select count(*)::int as count from exam_answers a join exams e on e.id = a.exam_id where e.test_id = ${data.testId}`,
  );

  // The end: the server's job completes every started exam, with no browser involved.
  const wait = end.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  let open = Number.POSITIVE_INFINITY;
  while (open > 0 && Date.now() - end.getTime() < 120_000) {
    const [row] = await rowsOf<{ open: number }>(
      handle,
      sql`select count(*)::int as open from exams where test_id = ${data.testId}
        and started_at is not null and completed_at is null`,
    );
    open = row!.open;
    if (open > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const completionSeconds = (Date.now() - end.getTime()) / 1000;
  const [completed] = await rowsOf<{ count: number }>(
    handle,
    sql`select count(*)::int as count from exams where test_id = ${data.testId} and completed_by = 'server'`,
  );
  return {
    phases: [started, answered],
    answersSent: answered.count - answered.failed,
    answersSaved: saved!.count,
    completionSeconds,
    completed: completed!.count,
  };
};
