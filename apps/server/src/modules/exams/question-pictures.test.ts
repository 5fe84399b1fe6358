import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildSchool } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the minutes a test moves the clock by.
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(24 * 60) });
});
afterAll(() => t.close());

const png = (width = 600, height = 400, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const mediaPath = (url: string) => path.join(t.dataDir, 'media', url.replace(/^\/media\//, ''));
/** The question pictures stored for a teacher (display copies and thumbnails). */
const storedPictures = (userId: number) => {
  const dir = path.join(t.dataDir, 'media', 'u', String(userId), 'tests');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();

type Question = { id: number; picture_url: string | null; picture_thumbnail_url: string | null };

/** A teacher of a new school, a student of it, and a test of the teacher's with two questions. */
const classroom = async () => {
  const school = await buildSchool(t.database.db);
  const member = { schoolId: school.id, isOrganizationMember: true };
  const teacher = await signInAs(t, { ...member, isTeacher: true });
  const student = await signInAs(t, { ...member, isStudent: true });
  const created = await teacher.call('POST', '/api/exam/test-teachers/', {
    name: 'Rivers',
    excellent_score_value: 4,
    very_good_score_value: 3,
    good_score_value: 2,
    satisfy_score_value: 1,
  });
  expect(created.statusCode, created.body).toBe(201);
  const testId: number = created.json().id;
  const questions: Question[] = [];
  for (const kind of ['single', 'true_false']) {
    const body =
      kind === 'single'
        ? { question_text: 'Which river?', answer_a: 'Nile', answer_b: 'Danube', correct_answer: 'a' }
        : { kind, question_text: 'Is it the Danube?', settings: { correct: true } };
    const response = await teacher.call('POST', '/api/exam/test-teachers-questions/', {
      test: testId,
      score_value: 2,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    questions.push(response.json());
  }
  return { school, teacher, student, testId, questions };
};

const upload = async (as: Session, questionId: number, data: Buffer, name = 'map.png') =>
  as.send(
    'PUT',
    `/api/exam/test-teachers-questions/${questionId}/picture/`,
    {},
    { picture: { name, type: 'image/png', data } },
  );

describe('question pictures', () => {
  it('sets, replaces and removes a picture, storing it re-encoded with a thumbnail', async () => {
    const { teacher, testId, questions } = await classroom();
    const [first] = questions;
    expect(first).toMatchObject({ picture_url: null, picture_thumbnail_url: null });

    const set = await upload(teacher, first!.id, await png(1600, 1000));
    expect(set.statusCode, set.body).toBe(200);
    const question: Question = set.json();
    expect(question.picture_url).toMatch(/^\/media\/u\/\d+\/tests\/[0-9a-f]+\.webp$/);
    const display = await sharp(readFileSync(mediaPath(question.picture_url!))).metadata();
    expect([display.format, display.width, display.height]).toEqual(['webp', 1200, 750]);
    const thumbnail = await sharp(readFileSync(mediaPath(question.picture_thumbnail_url!))).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([320, 200]);
    const read = (await teacher.call('GET', `/api/exam/test-teachers/${testId}/`)).json();
    expect(read.questions[0]).toMatchObject({
      picture_url: question.picture_url,
      picture_thumbnail_url: question.picture_thumbnail_url,
    });
    expect(read.questions[1].picture_url).toBeNull();

    // Editing the question's text keeps its picture.
    const edited = await teacher.call('PUT', `/api/exam/test-teachers-questions/${first!.id}/`, {
      question_text: 'Which river is this?',
      answer_a: 'Nile',
      answer_b: 'Danube',
      correct_answer: 'b',
      score_value: 1,
    });
    expect(edited.json().picture_url).toBe(question.picture_url);

    const replaced: Question = (await upload(teacher, first!.id, await png(400, 300, '#cc3333'))).json();
    expect(replaced.picture_url).not.toBe(question.picture_url);
    expect(existsSync(mediaPath(question.picture_url!))).toBe(false);
    expect(existsSync(mediaPath(question.picture_thumbnail_url!))).toBe(false);
    expect(existsSync(mediaPath(replaced.picture_url!))).toBe(true);

    const removed = await teacher.call('DELETE', `/api/exam/test-teachers-questions/${first!.id}/picture/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ picture_url: null, picture_thumbnail_url: null });
    expect(storedPictures(teacher.user.id)).toEqual([]);
  });

  it('refuses a missing file, a file that is no picture and one too large, storing nothing', async () => {
    const { teacher, questions } = await classroom();
    const id = questions[0]!.id;
    const missing = await teacher.send('PUT', `/api/exam/test-teachers-questions/${id}/picture/`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ picture: ['No file provided'] });
    const text = await upload(teacher, id, Buffer.from('not a picture at all'), 'fake.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().picture[0]).toMatch(/^Upload a valid image/);
    const noise = await sharp(randomBytes(2000 * 1500 * 3), {
      raw: { width: 2000, height: 1500, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const big = await upload(teacher, id, noise, 'big.png');
    expect(big.statusCode).toBe(413);
    expect(Object.keys(big.json())).toEqual(['picture']);
    expect(storedPictures(teacher.user.id)).toEqual([]);
  });

  it('is not found for another teacher or a student, and is refused once the test is locked', async () => {
    const { teacher, student, school, questions } = await classroom();
    const id = questions[0]!.id;
    const colleague = await signInAs(t, { schoolId: school.id, isOrganizationMember: true, isTeacher: true });
    for (const other of [colleague, student]) {
      expect((await upload(other, id, await png())).statusCode).toBe(404);
      expect(
        (await other.call('DELETE', `/api/exam/test-teachers-questions/${id}/picture/`)).statusCode,
      ).toBe(404);
    }
    expect(storedPictures(colleague.user.id)).toEqual([]);
    expect(storedPictures(student.user.id)).toEqual([]);

    const set: Question = (await upload(teacher, id, await png())).json();
    const given = await teacher.call('POST', '/api/exam/exams/', {
      school_test: (await teacher.call('GET', `/api/exam/test-teachers-list/`)).json()[0].id,
      student: [student.user.id],
      start_at: at(0),
      end_at: at(60),
    });
    expect(given.statusCode, given.body).toBe(201);
    expect((await student.call('PUT', `/api/exam/exam-started/${given.json().created[0]}/`)).statusCode).toBe(
      200,
    );
    expect((await upload(teacher, id, await png())).statusCode).toBe(409);
    expect(
      (await teacher.call('DELETE', `/api/exam/test-teachers-questions/${id}/picture/`)).statusCode,
    ).toBe(409);
    expect(existsSync(mediaPath(set.picture_url!))).toBe(true);
    expect(storedPictures(teacher.user.id)).toHaveLength(2);
  });

  it('shows the student the picture while taking and in the review, never before', async () => {
    const { teacher, student, testId, questions } = await classroom();
    const set: Question = (await upload(teacher, questions[1]!.id, await png())).json();
    const given = await teacher.call('POST', '/api/exam/exams/', {
      school_test: testId,
      student: [student.user.id],
      start_at: at(0),
      end_at: at(30),
    });
    const examId: number = given.json().created[0];
    expect((await student.call('GET', `/api/exam/exams/${examId}/`)).json().questions).toEqual([]);
    const taking = (await student.call('PUT', `/api/exam/exam-started/${examId}/`)).json();
    const pictured = taking.questions.find((q: { id: number }) => q.id === questions[1]!.id);
    expect(pictured).toMatchObject({
      picture_url: set.picture_url,
      picture_thumbnail_url: set.picture_thumbnail_url,
    });
    expect(taking.questions.find((q: { id: number }) => q.id === questions[0]!.id).picture_url).toBeNull();

    const done = (await student.call('PUT', `/api/exam/exam-completed/${examId}/`)).json();
    // The review is closed until the sitting ends: no questions, so no pictures.
    expect(done.questions).toEqual([]);
    t.clock.advance(31 * 60_000);
    const review = (await student.call('GET', `/api/exam/exams/${examId}/`)).json();
    expect(review.questions.find((q: { id: number }) => q.id === questions[1]!.id).picture_url).toBe(
      set.picture_url,
    );
    const teacherView = (await teacher.call('GET', `/api/exam/exams/${examId}/`)).json();
    expect(teacherView.questions.find((q: { id: number }) => q.id === questions[1]!.id).picture_url).toBe(
      set.picture_url,
    );
    const analysis = (await teacher.call('GET', `/api/exam/exams/analysis/?test_id=${testId}`)).json();
    expect(analysis.questions.find((q: { id: number }) => q.id === questions[1]!.id)).toMatchObject({
      picture_url: set.picture_url,
      picture_thumbnail_url: set.picture_thumbnail_url,
    });
  });

  it('copies keep files of their own, and deleting a question or a test removes its files', async () => {
    const { teacher, school, testId, questions } = await classroom();
    const colleague = await signInAs(t, { schoolId: school.id, isOrganizationMember: true, isTeacher: true });
    const set: Question = (await upload(teacher, questions[0]!.id, await png())).json();

    const own = await teacher.call('POST', `/api/exam/test-teachers/${testId}/copy/`);
    expect(own.statusCode, own.body).toBe(201);
    const ownCopy: Question = own.json().questions[0];
    expect(ownCopy.picture_url).toMatch(new RegExp(`^/media/u/${teacher.user.id}/tests/`));
    expect(ownCopy.picture_url).not.toBe(set.picture_url);
    expect(own.json().questions[1].picture_url).toBeNull();

    const given = await teacher.call('POST', `/api/exam/test-teachers/${testId}/copy/`, {
      colleague: colleague.user.id,
    });
    expect(given.statusCode, given.body).toBe(201);
    const theirs: Question = given.json().questions[0];
    expect(theirs.picture_url).toMatch(new RegExp(`^/media/u/${colleague.user.id}/tests/`));
    for (const url of [ownCopy.picture_url, ownCopy.picture_thumbnail_url, theirs.picture_thumbnail_url])
      expect(existsSync(mediaPath(url!))).toBe(true);

    // Deleting the original's question leaves the copies' files alone.
    expect(
      (await teacher.call('DELETE', `/api/exam/test-teachers-questions/${questions[0]!.id}/`)).statusCode,
    ).toBe(204);
    expect(existsSync(mediaPath(set.picture_url!))).toBe(false);
    expect(existsSync(mediaPath(set.picture_thumbnail_url!))).toBe(false);
    expect(existsSync(mediaPath(ownCopy.picture_url!))).toBe(true);

    // Deleting a test removes its questions' files.
    expect((await teacher.call('DELETE', `/api/exam/test-teachers/${own.json().id}/`)).statusCode).toBe(204);
    expect(storedPictures(teacher.user.id)).toEqual([]);
    expect(storedPictures(colleague.user.id)).toHaveLength(2);

    // Erasing the colleague's account removes theirs.
    expect((await colleague.call('DELETE', '/api/remove-user/')).statusCode).toBe(204);
    expect(storedPictures(colleague.user.id)).toEqual([]);
  });
});
