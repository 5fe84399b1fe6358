import type { AnswerKey, Colleague, ExamAnalysis, ExamResults, Grade } from '@flashcards/contract';
import { isoTime } from '../../db/rows';
import type { MediaStorage } from '../../lib/storage';
import type { AnalysisRow, ColleagueRow, ResultRow } from './exam-results.repository';
import { pictureOf } from './exams.presenter';
import { statusOf } from './exams.status';

const KEYS: readonly AnswerKey[] = ['a', 'b', 'c', 'd'];

export const toExamAnalysis = (
  { examsCount, rows }: { examsCount: number; rows: AnalysisRow[] },
  storage: MediaStorage,
): ExamAnalysis => ({
  exams_count: examsCount,
  questions: rows.map((row) => {
    // Blank third and fourth answers are not answers: they are left out, as everywhere.
    const answers = KEYS.map((key) => ({
      key,
      text: row[`answer_${key}`],
      count: row[`chose_${key}`],
    })).filter((answer) => answer.text !== '');
    return {
      id: row.id,
      test: { id: row.test_id, name: row.test_name },
      position: row.position,
      kind: row.kind,
      question_text: row.question_text,
      ...pictureOf(row.picture, storage),
      correct_answer: row.correct_answer,
      correct_answers: row.settings?.kind === 'multiple' ? row.settings.correct : [],
      score_value: row.score_value,
      taken: row.taken,
      answers,
      unanswered: row.taken - row.answered,
      correct: row.correct,
      correct_share: row.taken > 0 ? row.correct / row.taken : null,
    };
  }),
});

export const toExamResults = (
  { now, rows }: { now: Date; rows: ResultRow[] },
  storage: MediaStorage,
): ExamResults => ({
  generated_at: now.toISOString(),
  results: rows.map((row) => ({
    id: row.id,
    student: {
      id: row.student_id,
      first_name: row.first_name,
      last_name: row.last_name,
      avatar_url: row.avatar ? storage.url(row.avatar) : null,
    },
    test: { id: row.test_id, name: row.test_name },
    status: statusOf(row, now),
    score: row.score,
    total_score: row.total_score,
    grade: row.grade as Grade | null,
    start_exam_at: isoTime(row.start_at),
    end_exam_at: isoTime(row.end_at),
    started_at: row.started_at ? isoTime(row.started_at) : null,
    completed_at: row.completed_at ? isoTime(row.completed_at) : null,
  })),
});

export const toColleague = (row: ColleagueRow, storage: MediaStorage): Colleague => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  avatar_url: row.avatar ? storage.url(row.avatar) : null,
  is_principal: row.is_principal,
});
