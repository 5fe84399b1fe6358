import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { examsApi, giveExam, threeQuestionTest } from './exams-support';
import { schoolWithTeacher } from './learning-paths-support';
import { saveScreenshot, settled, storeTokens, withCookieConsent, withLanguage } from './support';

/** Screenshots of the teacher's tests, the test editor and the exams given, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

for (const language of ['en', 'bg'] as const) {
  test(`the teacher's test and exam screens, ${language}`, async ({ page, request }) => {
    const tag = randomUUID().slice(0, 4);
    const { teacher, students } = await schoolWithTeacher(request, {
      teacher: ['Teodora', `Marinova ${tag}`],
      students: [
        ['Ana', `Stoyanova ${tag}`],
        ['Boris', `Petrov ${tag}`],
        ['Vera', `Ivanova ${tag}`],
      ],
    });
    const sample = await threeQuestionTest(
      request,
      teacher,
      language === 'bg' ? `Дроби ${tag}` : `Fractions ${tag}`,
    );
    const exams = await giveExam(request, teacher, sample, students);
    // Two of the three finish: one with every answer right, one with the first alone.
    for (const [index, account] of students.slice(0, 2).entries()) {
      const api = examsApi(request, account);
      const { questions } = await api.start(exams[index]!);
      for (const question of questions.slice(0, index === 0 ? 3 : 1)) {
        const known = sample.questions.find((q) => q.id === question.id)!;
        await api.answer(exams[index]!, question.id, known.correct_answer);
      }
      await api.complete(exams[index]!);
    }

    await withCookieConsent(page);
    await withLanguage(page, language);
    await page.goto('/');
    await storeTokens(page, teacher);
    await page.goto('/school-tests');
    await settled(page, { heading: true });
    await saveScreenshot(page, `school-tests-${language}`);
    await page.goto(`/school-test/create/${sample.id}`);
    await settled(page, { heading: true });
    await saveScreenshot(page, `school-test-editor-${language}`);
    await page.goto(`/school-exams?test_id=${sample.id}`);
    await settled(page, { heading: true });
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await saveScreenshot(page, `school-exams-${language}`);
  });
}
