import type {
  LearningPath,
  PathAssignment,
  PathPictureCard,
  PathProgressEntry,
  PathTextCard,
} from '@flashcards/contract';
import { isoTime } from '../../db/rows';
import { thumbnailKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import type { AssignmentRow, PathCardRow, PathRow, ProgressRow } from './learning-paths.repository';

export const toProgressEntry = (row: ProgressRow): PathProgressEntry => ({
  id: row.id,
  create_at: row.day,
  flip_cards_verbal: row.flips_verbal,
  flip_cards_typing: row.flips_typing,
  learned_cards_verbal: row.learned_verbal,
  learned_cards_typing: row.learned_typing,
});

const avatarUrl = (key: string | null, storage: MediaStorage) => (key ? storage.url(key) : null);

export const toLearningPath = (row: PathRow, storage: MediaStorage): LearningPath => ({
  id: row.id,
  name: row.name,
  start_at: row.start_at,
  end_at: row.end_at,
  start_test_at: row.start_test_at === null ? null : isoTime(row.start_test_at),
  end_test_at: row.end_test_at === null ? null : isoTime(row.end_test_at),
  test: row.test_id,
  created_by_user: {
    id: row.created_by_id,
    first_name: row.created_by_first_name,
    last_name: row.created_by_last_name,
    avatar_url: avatarUrl(row.created_by_avatar, storage),
  },
  assigned_user: {
    id: row.assigned_user_id,
    first_name: row.assigned_first_name,
    last_name: row.assigned_last_name,
    avatar_url: avatarUrl(row.assigned_avatar, storage),
  },
  category: { id: row.category_id, name: row.category_name, type_of_cards: row.type_of_cards },
  categories_tags: row.tags,
  daily_cards_flip_target: row.daily_flip_target,
  daily_cards_learn_target: row.daily_learn_target,
  flip_cards_volume: row.deck_size,
  learned_card_volume_verbal: row.learned_volume_verbal,
  learned_card_volume_typing: row.learned_volume_typing,
  learning_type_verbal: row.verbal,
  learning_type_typing: row.typing,
  completed_verbal: row.completed_verbal,
  completed_typing: row.completed_typing,
  date_created: isoTime(row.created_at),
  cards_len: row.cards_len,
  learned_cards_verbal_len: row.learned_verbal_len,
  learned_cards_typing_len: row.learned_typing_len,
  today: row.today ? toProgressEntry(row.today) : null,
  assignment: row.assignment_id,
});

export const toPathAssignment = (row: AssignmentRow): PathAssignment => ({
  id: row.id,
  name: row.name,
  target:
    row.school_class_id !== null
      ? { kind: 'class', id: row.school_class_id, name: row.target_name }
      : { kind: 'group', id: row.user_group_id!, name: row.target_name },
  category: { id: row.category_id, name: row.category_name, type_of_cards: row.type_of_cards },
  categories_tags: row.tags,
  start_at: row.start_at,
  end_at: row.end_at,
  daily_cards_flip_target: row.daily_flip_target,
  daily_cards_learn_target: row.daily_learn_target,
  flip_cards_volume: row.deck_size,
  learning_type_verbal: row.verbal,
  learning_type_typing: row.typing,
  test: row.test_id,
  start_test_at: row.start_test_at === null ? null : isoTime(row.start_test_at),
  end_test_at: row.end_test_at === null ? null : isoTime(row.end_test_at),
  students_count: row.students_count,
  date_created: isoTime(row.created_at),
});

export const toPathTextCard = (row: PathCardRow): PathTextCard => ({
  id: row.id,
  card: row.card_id,
  first_side: row.first_side,
  second_side: row.second_side,
  category: row.category_id,
  tag: row.tag,
  created_at: isoTime(row.created_at),
  updated_at: isoTime(row.updated_at),
  guesses_score: row.guesses_score,
  incorrect_guesses_score: row.incorrect_guesses_score,
  guesses_score_typing: row.guesses_score_typing,
  incorrect_guesses_score_typing: row.incorrect_guesses_score_typing,
  learned_verbal: row.learned_verbal,
  learned_typing: row.learned_typing,
});

export const toPathPictureCard = (row: PathCardRow, storage: MediaStorage): PathPictureCard => {
  const picture = storage.url(row.first_side);
  return {
    ...toPathTextCard(row),
    first_side: picture,
    first_side_url: picture,
    first_side_thumbnail_url: storage.url(thumbnailKey(row.first_side)),
  };
};
