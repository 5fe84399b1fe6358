import type { ReportCard, ReportRow, ReportStudent } from '@flashcards/contract';
import { isoTime } from '../../db/rows';
import { thumbnailKey } from '../../lib/images';
import { toReachedPerson } from '../../lib/people';
import type { MediaStorage } from '../../lib/storage';
import type { ReportCardRow, ReportStudentRow, ReportRow as Row } from './reports.repository';

type Student = { id: number; first_name: string; last_name: string; avatar: string | null; email: string };

export const toReportStudent = (row: ReportStudentRow, storage: MediaStorage): ReportStudent => ({
  ...toReachedPerson(row, storage),
  categories_len: row.categories_len,
  learning_paths_len: row.learning_paths_len,
  learned_cards_verbal_len: row.learned_verbal_len,
  learned_cards_typing_len: row.learned_typing_len,
  last_active: row.last_active,
});

export const toReportRow = (row: Row, student: Student, storage: MediaStorage): ReportRow => ({
  id: row.id,
  name: row.name,
  user: {
    id: student.id,
    first_name: student.first_name,
    last_name: student.last_name,
    avatar_url: student.avatar ? storage.url(student.avatar) : null,
    email: student.email,
  },
  learning_path:
    row.path_id === null
      ? null
      : {
          id: row.path_id,
          name: row.path_name ?? '',
          learned_card_volume_verbal: row.volume_verbal ?? 0,
          learned_card_volume_typing: row.volume_typing ?? 0,
          test: row.test,
        },
  date_created: isoTime(row.date_created),
  type_of_cards: row.type_of_cards,
  cards_len: row.cards_len,
  learned_cards_verbal_len: row.learned_verbal_len,
  learned_cards_typing_len: row.learned_typing_len,
  total_guesses_score: row.guesses,
  total_incorrect_guesses_score: row.incorrect,
  total_guesses_score_typing: row.guesses_typing,
  total_incorrect_guesses_score_typing: row.incorrect_typing,
});

export const toReportCard = (row: ReportCardRow, type: string, storage: MediaStorage): ReportCard => {
  const picture = type === 'picture';
  return {
    id: row.id,
    first_side: picture ? storage.url(row.first_side) : row.first_side,
    second_side: row.second_side,
    first_side_thumbnail_url: picture ? storage.url(thumbnailKey(row.first_side)) : null,
    tag: row.tag,
    guesses_score: row.guesses_score,
    incorrect_guesses_score: row.incorrect_guesses_score,
    guesses_score_typing: row.guesses_score_typing,
    incorrect_guesses_score_typing: row.incorrect_guesses_score_typing,
    learned_verbal: row.learned_verbal,
    learned_typing: row.learned_typing,
  };
};
