/**
 * A school's exam morning: 5,000 students of one school are given the same 20-question test of every kind
 * of question (single and multiple choice, true/false, a typed answer, matching, ordering) as one sitting;
 * they start it within 20 seconds, then save an answer to every question at a steady 500 a second, while 5
 * screens of the teacher refresh the sitting's live view every 2 seconds; at the end the server completes
 * every exam by itself. Measured over HTTP against the started server, with the database read directly to
 * count what was saved, what each exam scored and when the exams were completed.
 */
import {
  type AnswerKey,
  EXAMS_MAX_PER_CALL,
  pointsOf,
  type QuestionResponse,
  type QuestionSettings,
} from '@flashcards/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import type { SeedLog } from './data-set';
import { statsOf } from './load';
import { tokensFor } from './school';

export const EXAM_SHAPE = { students: 5000, questions: 20, screens: 5, refreshSeconds: 2 } as const;
/** The school's name says its shape: a data set of another shape is replaced. */
const SCHOOL = `Bench exam school of ${EXAM_SHAPE.students} (mixed kinds)`;
const teacherEmail = 'bench-exam-teacher@example.com';
const TEST = 'Bench exam';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A question of the test: its kind's columns, and the answer a student gives in each of three variants. */
type Question = {
  kind: 'single' | QuestionSettings['kind'];
  score: number;
  correct: AnswerKey | null;
  settings: QuestionSettings | null;
};

const KIND_SETTINGS: QuestionSettings[] = [
  { kind: 'multiple', correct: ['a', 'c'] },
  { kind: 'true_false', correct: true },
  {
    kind: 'short_text',
    accepted: ['Мусала'],
    ignore_case: true,
    ignore_spaces: true,
    ignore_diacritics: true,
  },
  {
    kind: 'matching',
    pairs: [
      { left: 'Sofia', right: 'Bulgaria' },
      { left: 'Paris', right: 'France' },
      { left: 'Rome', right: 'Italy' },
    ],
  },
  { kind: 'ordering', items: ['one', 'two', 'three', 'four'] },
];

/** Question n (from 0) in turn of each kind: single first, then the five others; single is worth 1, the rest 3. */
const questionOf = (n: number): Question => {
  const settings = n % 6 === 0 ? null : KIND_SETTINGS[(n % 6) - 1]!;
  return settings
    ? { kind: settings.kind, score: 3, correct: null, settings }
    : { kind: 'single', score: 1, correct: 'abcd'[n % 4] as AnswerKey, settings: null };
};

/** A student's answer: right, partly right or wrong, in turn (a letter for single, a response otherwise). */
const RESPONSES: Record<QuestionSettings['kind'], QuestionResponse[]> = {
  multiple: [['a', 'c'], ['a'], ['b', 'd']],
  true_false: [true, false, true],
  short_text: [' мусала ', 'Musala', 'Мусала'],
  matching: [
    [0, 1, 2],
    [0, 2, 1],
    [null, null, 0],
  ],
  ordering: [
    [0, 1, 2, 3],
    [0, 1, 3, 2],
    [3, 2, 1, 0],
  ],
};
const answerOf = (question: Question, variant: number) =>
  question.settings
    ? { body: { response: RESPONSES[question.settings.kind][variant % 3]! } }
    : { body: { student_answer: 'abcd'[variant % 4] as AnswerKey } };
const pointsOfAnswer = (question: Question, body: ReturnType<typeof answerOf>['body']) =>
  'response' in body
    ? pointsOf(question.settings!, question.score, body.response)
    : body.student_answer === question.correct
      ? question.score
      : 0;

export type ExamDataSet = {
  teacherId: number;
  studentIds: number[];
  testId: number;
  questions: (Question & { id: number })[];
};

/** Seeds the school and its test unless they are there, and removes the exams of an earlier run. */
export const seedExamSchool = async (handle: DatabaseHandle, log: SeedLog): Promise<ExamDataSet> => {
  const { students, questions } = EXAM_SHAPE;
  const [existing] = await rowsOf<{ id: number }>(handle, sql`select id from schools where name = ${SCHOOL}`);
  if (!existing) {
    log(`Seeding the exam school: ${students} students and a test of ${questions} questions of every kind…`);
    await handle.db.transaction(async (tx) => {
      const run = (query: ReturnType<typeof sql>) => tx.execute(query);
      await run(sql`delete from users where email = ${teacherEmail} or email like 'bench-exam-student-%'`);
      await run(sql`delete from schools where name like 'Bench exam school %'`);
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
      const all = Array.from({ length: questions }, (_, n) => questionOf(n));
      const total = all.reduce((sum, question) => sum + question.score, 0);
      await run(sql`insert into school_tests (name, created_by_id, excellent_score, very_good_score, good_score,
          satisfy_score, fail_score)
        select ${TEST}, id, ${Math.round(total * 0.85)}, ${Math.round(total * 0.7)}, ${Math.round(total * 0.55)},
          ${Math.round(total * 0.4)}, 0 from users where email = ${teacherEmail}`);
      const choices = (question: Question) =>
        question.kind === 'single' || question.kind === 'multiple'
          ? sql`'One', 'Two', 'Three', 'Four'`
          : sql`'', '', '', ''`;
      await run(sql`insert into test_questions (test_id, position, question_text, answer_a, answer_b, answer_c,
          answer_d, kind, correct_answer, settings, score_value)
        select t.id, q.position, q.text, q.a, q.b, q.c, q.d, q.kind, q.correct, q.settings, q.score
        from school_tests t, (values ${sql.join(
          all.map(
            (question, n) =>
              sql`(${n + 1}::int, ${`Question ${n + 1}`}, ${choices(question)}, ${question.kind},
                ${question.correct}::text, ${question.settings ? JSON.stringify(question.settings) : null}::jsonb,
                ${question.score}::int)`,
          ),
          sql`, `,
        )}) as q(position, text, a, b, c, d, kind, correct, settings, score)
        where t.name = ${TEST}`);
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
  // The tables as a school's database has them, not full of the rows of earlier runs just deleted.
  for (const table of ['exams', 'exam_answers', 'exam_events'])
    await handle.db.execute(sql.raw(`vacuum analyze ${table}`));
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
  return {
    teacherId: teacher!.id,
    studentIds,
    testId: test!.id,
    questions: questionIds.map((id, n) => ({ id, ...questionOf(n) })),
  };
};

type Call = { method: 'GET' | 'PUT' | 'POST'; path: string; authorization: string; body?: string };

export type ExamPhase = {
  name: string;
  rate: number;
  count: number;
  failed: number;
  /** The failures' statuses (0: no answer), e.g. { "403": 2 }. */
  statuses: Record<string, number>;
  seconds: number;
  p50: number;
  p99: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A phase's figures from its successful calls' latencies (ms) and its failures over `seconds`. */
const phaseOf = (
  name: string,
  rate: number,
  latencies: number[],
  failed: number,
  statuses: Record<string, number>,
  seconds: number,
): ExamPhase => {
  const stats = statsOf(latencies, failed, seconds);
  return {
    name,
    rate,
    count: latencies.length + failed,
    failed,
    statuses,
    seconds,
    p50: Number(stats.p50.toFixed(2)),
    p99: Number(stats.p99.toFixed(2)),
  };
};

/**
 * Sends the calls in order at `rate` a second, spread over each second as many people's calls arrive:
 * each of `connections` connections sends its share of the second, starting 1/connections of a second
 * after the one before (as the practice loads' spread pacing). Latencies are those of 2xx answers. At
 * `until` (the exams' end) the calls not yet sent are left: a machine too slow for the rate stops there.
 */
const fire = async (
  url: string,
  name: string,
  calls: Call[],
  rate: number,
  until?: Date,
  connections = 50,
): Promise<ExamPhase> => {
  let next = 0;
  let stopped = false;
  const instances: autocannon.Instance[] = [];
  const deadline =
    until &&
    setTimeout(() => {
      stopped = true;
      for (const instance of instances) instance.stop();
    }, until.getTime() - Date.now());
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failed = 0;
  const started = performance.now();
  const share = (i: number, total: number) =>
    Math.floor(total / connections) + (i < total % connections ? 1 : 0);
  // Each connection sends calls in proportion to its share of the rate, so that all of them finish
  // sending together, after calls / rate seconds (a rate that does not divide by the connections would
  // otherwise leave the slower ones a second or more behind).
  const rates = Array.from({ length: connections }, (_, i) => Math.max(1, share(i, rate)));
  const totalRate = rates.reduce((sum, r) => sum + r, 0);
  const amounts = rates.map((r) => Math.floor((calls.length * r) / totalRate));
  for (let left = calls.length - amounts.reduce((sum, a) => sum + a, 0), i = 0; left > 0; left--, i++)
    amounts[i % connections]!++;
  const runs = Array.from({ length: connections }, async (_, i) => {
    const amount = amounts[i]!;
    if (amount === 0) return;
    await sleep((i * 1000) / connections);
    if (stopped) return;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections: 1,
          overallRate: rates[i]!,
          amount,
          timeout: 30,
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
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instances.push(instance);
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
        else {
          failed++;
          statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
        }
      });
    });
    if (result.errors > 0) {
      failed += result.errors;
      statuses['0'] = (statuses['0'] ?? 0) + result.errors;
    }
  });
  await Promise.all(runs);
  clearTimeout(deadline);
  return phaseOf(name, rate, latencies, failed, statuses, (performance.now() - started) / 1000);
};

/**
 * The teacher's screens on the sitting's live view: each refreshes its first page (the sitting's counts and
 * 20 students, as the page opens) every `everyMs` (a refresh waits for the one before, as the page's polling
 * does), the screens a fraction of the period apart, until stopped. The time is until the whole answer is
 * read; it is asked for compressed, as a browser asks.
 */
/** What the bench reads of a live view: how many students the sitting has, and how many finished. */
type LiveCounts = { count: number; summary: { completed: number } };

const watchLive = (url: string, path: string, authorizations: string[], everyMs: number) => {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failed = 0;
  let stopped = false;
  let last: LiveCounts | undefined;
  const started = performance.now();
  const screens = authorizations.map(async (authorization, i) => {
    let due = performance.now() + (i * everyMs) / authorizations.length;
    while (!stopped) {
      await sleep(Math.max(0, due - performance.now()));
      if (stopped) break;
      due += everyMs;
      const sent = performance.now();
      try {
        const response = await fetch(`${url}${path}`, {
          headers: { authorization, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
        });
        const body = await response.text();
        if (response.ok) {
          latencies.push(performance.now() - sent);
          if (i === 0) last = JSON.parse(body);
        } else {
          failed++;
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }
      } catch {
        failed++;
        statuses['0'] = (statuses['0'] ?? 0) + 1;
      }
      // A refresh slower than the period starts the next one at once, never two at a time.
      due = Math.max(due, performance.now());
    }
  });
  return {
    stop: async (name: string): Promise<ExamPhase & { lastCounts?: LiveCounts }> => {
      stopped = true;
      await Promise.all(screens);
      const rate = authorizations.length / (everyMs / 1000);
      const seconds = (performance.now() - started) / 1000;
      return { ...phaseOf(name, rate, latencies, failed, statuses, seconds), lastCounts: last };
    },
  };
};

export type ExamRun = {
  /** The starts, the answers and the live view (unless no screen watched it), in that order. */
  phases: ExamPhase[];
  students: number;
  questions: number;
  /** The teacher's screens on the live view. */
  screens: number;
  kinds: string[];
  /** Answers the server accepted (2xx), rows found saved, and distinct (exam, question) pairs among them. */
  answersAccepted: number;
  answersSaved: number;
  answersDistinct: number;
  /** Completed exams whose score is not the sum of the points their accepted answers earn. */
  scoresWrong: number;
  /** Seconds from the exams' end until the server had completed every started one, and how many. */
  completionSeconds: number;
  completed: number;
  started: number;
  /** Students of the sitting as the live view's last refresh counted them, and how many it counted completed. */
  liveRows: number;
  liveCompleted: number;
};

/**
 * The exam morning against a running server: the teacher gives the exam to every student (in calls of at
 * most EXAMS_MAX_PER_CALL, one sitting), the students start it at `startRate` and save every answer at
 * `answerRate`, while the teacher's screens watch the sitting live, and the server completes the exams at
 * their end.
 */
export const runExamPhases = async (
  url: string,
  handle: DatabaseHandle,
  data: ExamDataSet,
  options: { secret: string; minutes: number; startRate: number; answerRate: number; screens: number },
  log: SeedLog,
): Promise<ExamRun> => {
  const tokens = await tokensFor([data.teacherId, ...data.studentIds], options.secret, options.minutes);
  const teacher = tokens.get(data.teacherId)!;
  // Every screen signed in on its own (tokens differ), all the test's teacher: only they may watch it.
  const screens = await Promise.all(
    Array.from(
      { length: options.screens },
      async () => (await tokensFor([data.teacherId], options.secret, options.minutes)).get(data.teacherId)!,
    ),
  );
  const answerCount = data.studentIds.length * data.questions.length;
  const startSeconds = data.studentIds.length / options.startRate;
  const answerSeconds = answerCount / options.answerRate;
  // The end leaves the starts and answers time to finish, with a margin for a slow machine.
  const startAt = new Date(Date.now() - 60_000);
  const end = new Date(Date.now() + (startSeconds + answerSeconds) * 1000 * 1.5 + 30_000);
  for (let from = 0; from < data.studentIds.length; from += EXAMS_MAX_PER_CALL) {
    const given = await fetch(`${url}/api/exam/exams/`, {
      method: 'POST',
      headers: { authorization: teacher, 'content-type': 'application/json' },
      body: JSON.stringify({
        school_test: data.testId,
        student: data.studentIds.slice(from, from + EXAMS_MAX_PER_CALL),
        start_at: startAt.toISOString(),
        end_at: end.toISOString(),
        shuffle_questions: true,
      }),
    });
    if (given.status !== 201)
      throw new Error(`Giving the exam answered ${given.status}: ${await given.text()}`);
  }
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

  const live =
    screens.length > 0 &&
    watchLive(url, `/api/exam/test-teachers/${data.testId}/live/`, screens, EXAM_SHAPE.refreshSeconds * 1000);
  const starts: Call[] = exams.map((exam) => ({
    method: 'PUT',
    path: `/api/exam/exam-started/${exam.id}/`,
    authorization: tokens.get(exam.student_id)!,
  }));
  const started = await fire(url, 'start: PUT /api/exam/exam-started/{id}/', starts, options.startRate, end);

  // Question by question, each student in turn: a student never sends two answers at once. What each
  // accepted answer earns is added up, to be compared with the score the server gives at the end.
  const expected = new Map<number, number>();
  const answers: Call[] = data.questions.flatMap((question, index) =>
    exams.map((exam) => {
      const { body } = answerOf(question, exam.id + index);
      expected.set(exam.id, (expected.get(exam.id) ?? 0) + pointsOfAnswer(question, body));
      return {
        method: 'POST' as const,
        path: `/api/exam/${exam.id}/${question.id}/answer/`,
        authorization: tokens.get(exam.student_id)!,
        body: JSON.stringify(body),
      };
    }),
  );
  const answered = await fire(
    url,
    'answer: POST /api/exam/{examId}/{questionId}/answer/',
    answers,
    options.answerRate,
    end,
  );
  const [saved] = await rowsOf<{ count: number; distinct: number }>(
    handle,
    sql`select count(*)::int as count, count(distinct (a.exam_id, a.question_id))::int as distinct
      from exam_answers a join exams e on e.id = a.exam_id where e.test_id = ${data.testId}`,
  );

  // The end: the server's job completes every started exam, with no browser involved.
  const wait = end.getTime() - Date.now();
  if (wait > 0) await sleep(wait);
  let open = Number.POSITIVE_INFINITY;
  while (open > 0 && Date.now() - end.getTime() < 120_000) {
    const [row] = await rowsOf<{ open: number }>(
      handle,
      sql`select count(*)::int as open from exams where test_id = ${data.testId}
        and started_at is not null and completed_at is null`,
    );
    open = row!.open;
    if (open > 0) await sleep(100);
  }
  const completionSeconds = (Date.now() - end.getTime()) / 1000;
  // One more refresh of every screen after the completion, so the last one shows it.
  if (live) await sleep(EXAM_SHAPE.refreshSeconds * 1000 + 500);
  const watched = live && (await live.stop(`live view: GET /api/exam/test-teachers/{id}/live/`));
  const outcome = await rowsOf<{
    id: number;
    score: number | null;
    completed_by: string | null;
    started: boolean;
  }>(
    handle,
    sql`select id, score, completed_by, started_at is not null as started from exams where test_id = ${data.testId}`,
  );
  // With every answer sent and accepted, each exam scores what its answers earn; else scores are not compared.
  const scoresWrong =
    answered.failed === 0 && answered.count === answers.length
      ? outcome.filter((exam) => exam.score !== (expected.get(exam.id) ?? 0)).length
      : Number.NaN;
  const { lastCounts, ...livePhase } = watched || {};
  return {
    phases: watched ? [started, answered, livePhase as ExamPhase] : [started, answered],
    students: exams.length,
    questions: data.questions.length,
    screens: screens.length,
    kinds: [...new Set(data.questions.map((question) => question.kind))],
    answersAccepted: answered.count - answered.failed,
    answersSaved: saved!.count,
    answersDistinct: saved!.distinct,
    scoresWrong,
    completionSeconds,
    completed: outcome.filter((exam) => exam.completed_by === 'server').length,
    started: outcome.filter((exam) => exam.started).length,
    liveRows: lastCounts?.count ?? 0,
    liveCompleted: lastCounts?.summary.completed ?? 0,
  };
};

/**
 * The exam morning's targets (the issue's): 5,000 starts within 20 s and answers at 500 a second, start,
 * answer and live view p99 under 100 ms, no answer lost or doubled, every exam completed within 10 s of
 * the end.
 */
export const EXAM_TARGETS = { p99Ms: 100, startSeconds: 20, answerRate: 500, completionSeconds: 10 } as const;

const verdict = (met: boolean) => (met ? 'meets' : 'MISSES');
const failures = (phase: ExamPhase) =>
  `${phase.failed} failed of ${phase.count}${
    phase.failed
      ? ` (${Object.entries(phase.statuses)
          .map(([status, count]) => `${count} × ${status === '0' ? 'no answer' : status}`)
          .join(', ')})`
      : ''
  }`;

/** The report's lines of an exam morning, each figure with meets or MISSES against its target. */
export const examLines = (run: ExamRun) => {
  const [start, answer, live] = run.phases as [ExamPhase, ExamPhase, ExamPhase?];
  const { p99Ms } = EXAM_TARGETS;
  const p99 = (phase: ExamPhase) =>
    `p50 ${phase.p50} ms, p99 ${phase.p99} ms (${verdict(phase.p99 < p99Ms && phase.failed === 0)} p99 under ${p99Ms} ms)`;
  const answerRate = answer.count / answer.seconds;
  // Answers in flight when the end stopped the calls are saved without their answer being counted.
  const lost = Math.max(0, run.answersAccepted - run.answersSaved);
  const unanswered = Math.max(0, run.answersSaved - run.answersAccepted);
  const doubled = run.answersSaved - run.answersDistinct;
  const who = `Exam morning (${run.students.toLocaleString('en')} students × ${run.questions} questions: ${run.kinds.join(', ')})`;
  return [
    `${who}, ${start.name}: ${start.count.toLocaleString('en')} in ${start.seconds.toFixed(1)} s at ${start.rate} req/s (${verdict(start.seconds <= EXAM_TARGETS.startSeconds)} all within ${EXAM_TARGETS.startSeconds} s), ${p99(start)}, ${failures(start)}`,
    `${who}, ${answer.name}: ${answer.count.toLocaleString('en')} of ${(run.students * run.questions).toLocaleString('en')} sent before the end, at ${answerRate.toFixed(0)} req/s (${verdict(answerRate >= EXAM_TARGETS.answerRate * 0.95)} ${EXAM_TARGETS.answerRate} a second), ${p99(answer)}, ${failures(answer)}`,
    live
      ? `${who}, ${live.name}, ${run.screens} screens every ${EXAM_SHAPE.refreshSeconds} s from the first start to the completion: ${live.count} refreshes, ${p99(live)}, ${failures(live)}; its last refresh counted ${run.liveRows.toLocaleString('en')} students, ${run.liveCompleted.toLocaleString('en')} completed`
      : `${who}: no screen watched the live view (MISSES its target: not measured)`,
    `${who}: ${run.answersSaved.toLocaleString('en')} answers saved of ${run.answersAccepted.toLocaleString('en')} accepted, ${run.answersDistinct.toLocaleString('en')} distinct (exam, question) (${verdict(lost === 0 && doubled === 0)} none lost, none doubled${lost ? `: ${lost} LOST` : ''}${doubled ? `: ${doubled} DOUBLED` : ''}${unanswered ? `; ${unanswered} more saved, in flight when the end stopped the calls` : ''}); ${Number.isNaN(run.scoresWrong) ? 'scores not compared (not every answer was sent and accepted)' : run.scoresWrong === 0 ? 'every exam scored what its answers earn' : `${run.scoresWrong} exams scored OTHER than their answers earn`}`,
    `${who}: ${run.completed.toLocaleString('en')} of ${run.started.toLocaleString('en')} started exams completed by the server ${run.completionSeconds.toFixed(1)} s after their end (${verdict(run.completed === run.started && run.completionSeconds <= EXAM_TARGETS.completionSeconds)} all within ${EXAM_TARGETS.completionSeconds} s)`,
  ];
};
