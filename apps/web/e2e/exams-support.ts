import { type APIRequestContext, expect } from '@playwright/test';
import { type Member, schoolWithTeacher } from './learning-paths-support';
import type { TestAccount } from './support';

type Thresholds = {
  excellent_score_value: number;
  very_good_score_value: number;
  good_score_value: number;
  satisfy_score_value: number;
  fail_score_value: number;
};

export type QuestionFields = {
  question_text: string;
  answer_a: string;
  answer_b: string;
  answer_c?: string;
  answer_d?: string;
  correct_answer: 'a' | 'b' | 'c' | 'd';
  score_value: number;
};

type ExamBody = {
  school_test: number;
  student: number[];
  start_at: string;
  end_at: string;
  shuffle_questions?: boolean;
  show_results_after_end?: boolean;
};

/** Tests and exams through the API as the account, for what a test sets up or checks without the screens. */
export function examsApi(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `JWT ${account.access}` };
  return {
    async createTest(fields: { name: string; description?: string } & Thresholds) {
      const response = await request.post('/api/exam/test-teachers/', { data: fields, headers });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: number; name: string };
    },
    async addQuestion(test: number, question: QuestionFields) {
      const response = await request.post('/api/exam/test-teachers-questions/', {
        data: { answer_c: '', answer_d: '', ...question, test },
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: number };
    },
    async giveExam(body: ExamBody) {
      const response = await request.post('/api/exam/exams/', { data: body, headers });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { created: number[]; skipped: unknown[] };
    },
    /** Starts my exam as the student; its questions in the exam's order. */
    async start(id: number) {
      const response = await request.put(`/api/exam/exam-started/${id}/`, { data: {}, headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { questions: { id: number }[] };
    },
    async answer(examId: number, questionId: number, answer: 'a' | 'b' | 'c' | 'd') {
      const response = await request.post(`/api/exam/${examId}/${questionId}/answer/`, {
        data: { student_answer: answer },
        headers,
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    async complete(id: number) {
      const response = await request.put(`/api/exam/exam-completed/${id}/`, { data: {}, headers });
      expect(response.status(), await response.text()).toBe(200);
    },
    /** A test of mine with its questions in order. */
    async test(id: number) {
      const response = await request.get(`/api/exam/test-teachers/${id}/`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as {
        name: string;
        questions: {
          question_text: string;
          score_value: number;
          answer_a: string;
          answer_b: string;
          correct_answer: 'a' | 'b' | 'c' | 'd' | null;
          kind: string;
          /** The settings of a kind without letters (`correct` of a true/false, `accepted` of a typed answer…). */
          settings: { correct?: boolean; accepted?: string[] } | null;
        }[];
      };
    },
    /** The exams given to me, newest first. */
    async studentExams() {
      const response = await request.get('/api/exam/students-exams/', { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { results: Record<string, unknown>[] };
    },
    async exam(id: number) {
      const response = await request.get(`/api/exam/exams/${id}/`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as {
        status: string;
        answers_count: number;
        score: number | null;
        grade: number | null;
      };
    },
  };
}

/** A moment `minutes` from now, as the API takes it (ISO with its offset). */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export type SampleTest = { id: number; name: string; questions: (QuestionFields & { id: number })[] };

/**
 * A three-question test of 2, 3 and 5 points (10 in all) whose thresholds give 6 from 9 points, 5 from 5,
 * 4 from 4 and 3 from 3: the first two questions right make 5 points, "Very good (5)".
 */
export async function threeQuestionTest(
  request: APIRequestContext,
  teacher: TestAccount,
  name: string,
  questions: QuestionFields[] = [
    {
      question_text: 'What is 1/2 + 1/4?',
      answer_a: '3/4',
      answer_b: '2/6',
      answer_c: '1/8',
      correct_answer: 'a',
      score_value: 2,
    },
    {
      question_text: 'What is 2/3 of 9?',
      answer_a: '3',
      answer_b: '6',
      answer_c: '9',
      answer_d: '18',
      correct_answer: 'b',
      score_value: 3,
    },
    {
      question_text: 'What is 1/5 as a decimal?',
      answer_a: '0.5',
      answer_b: '0.15',
      answer_c: '0.2',
      correct_answer: 'c',
      score_value: 5,
    },
  ],
): Promise<SampleTest> {
  const api = examsApi(request, teacher);
  const test = await api.createTest({
    name,
    description: '',
    excellent_score_value: 9,
    very_good_score_value: 5,
    good_score_value: 4,
    satisfy_score_value: 3,
    fail_score_value: 0,
  });
  const added: SampleTest['questions'] = [];
  for (const question of questions)
    added.push({ ...question, ...(await api.addQuestion(test.id, question)) });
  return { id: test.id, name: test.name, questions: added };
}

/**
 * Gives the test to the students as an exam opening `startIn` minutes from now (a minute ago by default)
 * and ending `minutes` from now; the exams' ids.
 */
export async function giveExam(
  request: APIRequestContext,
  teacher: TestAccount,
  test: { id: number },
  students: { id: number }[],
  {
    startIn = -1,
    minutes = 45,
    showResultsAfterEnd = false,
    leaveCompletes,
    timeLimit,
  }: {
    startIn?: number;
    minutes?: number;
    showResultsAfterEnd?: boolean;
    leaveCompletes?: boolean;
    timeLimit?: number;
  } = {},
): Promise<number[]> {
  const { created, skipped } = await examsApi(request, teacher).giveExam({
    school_test: test.id,
    student: students.map((student) => student.id),
    start_at: minutesFromNow(startIn),
    end_at: minutesFromNow(minutes),
    show_results_after_end: showResultsAfterEnd,
    ...(leaveCompletes === undefined ? {} : { leave_completes: leaveCompletes }),
    ...(timeLimit === undefined ? {} : { time_limit_minutes: timeLimit }),
  });
  expect(skipped).toEqual([]);
  expect(created).toHaveLength(students.length);
  return created;
}

type Name = readonly [string, string];
type SampleQuestion = SampleTest['questions'][number];

/**
 * A sitting of two: a school's teacher and two students (first and last names given), the three-question
 * test named `testName` given to both as open exams. The exams and the questions in the order of the
 * students and of the test.
 */
export async function sittingOfTwo(
  request: APIRequestContext,
  names: { teacher: Name; students: readonly [Name, Name] },
  testName: string,
) {
  const { teacher, students } = await schoolWithTeacher(request, {
    teacher: names.teacher,
    students: [...names.students],
  });
  const sample = await threeQuestionTest(request, teacher, testName);
  const exams = await giveExam(request, teacher, sample, students);
  return {
    teacher,
    students: students as [Member, Member],
    sample,
    exams: exams as [number, number],
    questions: sample.questions as [SampleQuestion, SampleQuestion, SampleQuestion],
  };
}

/**
 * The student starts the exam and gives the answers, each a question's id and a letter; completes it
 * unless told not to. The student's API, to go on with.
 */
export async function sitExam(
  request: APIRequestContext,
  student: TestAccount,
  exam: number,
  answers: [question: number, key: 'a' | 'b' | 'c' | 'd'][],
  { complete = true } = {},
) {
  const api = examsApi(request, student);
  await api.start(exam);
  for (const [question, key] of answers) await api.answer(exam, question, key);
  if (complete) await api.complete(exam);
  return api;
}
