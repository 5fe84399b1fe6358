import {
  cardRoutes,
  type TestDraftInput,
  type TestWithQuestionsInput,
  testRoutes,
} from '@flashcards/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { testKeys } from './test-keys';

/** My text categories (only their cards have text on both sides, which questions need). */
export const useTextCategories = (enabled: boolean) =>
  useQuery({
    queryKey: [...testKeys.all, 'from-cards', 'categories'],
    queryFn: async ({ signal }) =>
      (await api.call(cardRoutes.allCategories, { query: {}, signal })).filter(
        (category) => category.type_of_cards === 'text',
      ),
    enabled,
  });

/** The tags of a text category's cards. */
export const useCategoryTags = (categoryId: number | null) =>
  useQuery({
    queryKey: [...testKeys.all, 'from-cards', 'tags', categoryId],
    queryFn: ({ signal }) =>
      api.call(cardRoutes.textTags, { query: { category_id: categoryId ?? 0 }, signal }),
    enabled: categoryId !== null,
  });

/** A draft of questions from the cards: nothing is saved. */
export const useDraftFromCards = () =>
  useMutation({ mutationFn: (body: TestDraftInput) => api.call(testRoutes.draftTestFromCards, { body }) });

/** A new test with all its questions, in one call. */
export const useCreateTestWithQuestions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestWithQuestionsInput) => api.call(testRoutes.createTestWithQuestions, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
};
