import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { cardsApi } from './cards-support';
import { practiceApi } from './practice-support';
import { acceptInvitations, schoolApi } from './school-support';
import { staffUser } from './seed';
import { createActiveUser, type TestAccount } from './support';

/** A calendar day `days` away from today (UTC), `YYYY-MM-DD`. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Learning paths as the account: assigning one, and a student's deck and answers. */
export function pathsApi(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `JWT ${account.access}` };
  return {
    async me() {
      const response = await request.get('/api/user/users/me/', { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as { id: number };
    },
    async assign(path: {
      name: string;
      assigned_user: number;
      category: number;
      learned_card_volume_verbal: number;
    }) {
      const response = await request.post('/api/learning-paths/list-teachers/', {
        data: [{ ...path, start_at: dayFromToday(-1), end_at: dayFromToday(7), flip_cards_volume: 10 }],
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
      const body = (await response.json()) as { created: number[] };
      expect(body.created).toHaveLength(1);
      return body.created[0] as number;
    },
    async deck(pathId: number) {
      const response = await request.get(
        `/api/learning-paths/card-text-students/?learning_path_id=${pathId}&type=verbal`,
        { headers },
      );
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { id: number; first_side: string }[];
    },
    async answer(rowId: number, field: 'guesses_score' | 'incorrect_guesses_score') {
      const response = await request.put(`/api/learning-paths/card-text-students/${rowId}/`, {
        data: { [field]: 1 },
        headers,
      });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

export type ReportTexts = {
  school: string;
  principal: { first_name: string; last_name: string };
  teacher: { first_name: string; last_name: string };
  student: { first_name: string; last_name: string };
  category: string;
  cards: [string, string][];
  pathCategory: string;
  pathCards: [string, string][];
  path: string;
};

/**
 * A school with a teacher and a student (both with their own passwords, in their trial), the student's own
 * category with a card learned by practice, and a path the teacher assigned, with its first card learned.
 */
export async function reportScene(request: APIRequestContext, texts: ReportTexts) {
  const word = randomUUID().slice(0, 6);
  const staff = await staffUser(request);
  const principal = await createActiveUser(request, texts.principal);
  const teacher = await createActiveUser(request, texts.teacher);
  const student = await createActiveUser(request, texts.student);
  const school = await schoolApi(request, staff).createSchool({
    name: `${texts.school} ${word}`,
    is_paid: true,
    available_students: 10,
  });
  await schoolApi(request, staff).addPrincipal(school.id, principal.email);
  const register = async (member: object) => {
    const response = await request.post('/api/school/register-student/', {
      data: member,
      headers: { Authorization: `JWT ${principal.access}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await register({ ...texts.teacher, email: teacher.email, is_teacher: true });
  await register({ ...texts.student, email: student.email });
  await acceptInvitations(request, teacher);
  await acceptInvitations(request, student);

  // The student's own category: the first card learned by practice (ten right answers), one wrong answer.
  const own = cardsApi(request, student);
  const category = await own.category(texts.category);
  const cardIds: number[] = [];
  for (const [front, back] of texts.cards)
    cardIds.push((await own.textCard(category.id, front, back, 'basics')).id);
  const practice = practiceApi(request, student);
  for (let i = 0; i < 10; i++) await practice.answer(cardIds[0] as number, 'guesses_score');
  await practice.answer(cardIds[1] as number, 'incorrect_guesses_score');

  // The teacher's category, assigned as a path; the student learns one card of it (two right answers).
  const teacherCards = cardsApi(request, teacher);
  const pathCategory = await teacherCards.category(texts.pathCategory);
  for (const [front, back] of texts.pathCards)
    await teacherCards.textCard(pathCategory.id, front, back, 'week 1');
  const studentId = (await pathsApi(request, student).me()).id;
  const pathId = await pathsApi(request, teacher).assign({
    name: texts.path,
    assigned_user: studentId,
    category: pathCategory.id,
    learned_card_volume_verbal: 2,
  });
  const studying = pathsApi(request, student);
  const deck = await studying.deck(pathId);
  const first = deck[0];
  if (!first) throw new Error('The path has no cards');
  await studying.answer(first.id, 'guesses_score');
  await studying.answer(first.id, 'guesses_score');
  if (deck[1]) await studying.answer(deck[1].id, 'incorrect_guesses_score');

  return { teacher, student, learnedPathCard: first.first_side };
}
