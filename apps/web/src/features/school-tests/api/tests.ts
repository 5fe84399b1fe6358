import { type SchoolTestInput, type TestQuestionInput, testRoutes } from '@flashcards/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ListSort, sortQuery } from '../../../lib/list-params';
import { testKeys } from './test-keys';

export type TestListParams = { page: number; sort: ListSort; search: string };

/** A page of 20 of my tests, sorted, searched by name. */
export const getTests = ({ page, sort, search }: TestListParams, signal?: AbortSignal) =>
  api.call(testRoutes.tests, { query: { page, ...sortQuery[sort], search: search || undefined }, signal });

export const useTests = (params: TestListParams) =>
  useQuery({
    queryKey: [...testKeys.lists(), params],
    queryFn: ({ signal }) => getTests(params, signal),
    placeholderData: keepPreviousData,
  });

/** A test of mine with its questions in order. */
export const useTest = (id: number | null) =>
  useQuery({
    queryKey: testKeys.test(id ?? 0),
    queryFn: ({ signal }) => api.call(testRoutes.test, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });

/** All my tests for a picker (at most 500, newest first). */
export const useTestChoices = (enabled = true) =>
  useQuery({
    queryKey: testKeys.choices(),
    queryFn: ({ signal }) => api.call(testRoutes.testChoices, { query: {}, signal }),
    enabled,
  });

/** Every change to a test refreshes the lists, the pickers and the test itself. */
const useTestMutation = <Input, Output>(call: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
};

export const useCreateTest = () =>
  useTestMutation((body: SchoolTestInput) => api.call(testRoutes.createTest, { body }));

export const useUpdateTest = () =>
  useTestMutation(({ id, body }: { id: number; body: SchoolTestInput }) =>
    api.call(testRoutes.updateTest, { params: { id }, body }),
  );

export const useDeleteTest = () =>
  useTestMutation((id: number) => api.call(testRoutes.deleteTest, { params: { id } }));

export const useCopyTest = () =>
  useTestMutation((id: number) => api.call(testRoutes.copyTest, { params: { id }, body: undefined }));

export const useOrderQuestions = () =>
  useTestMutation(({ id, questions }: { id: number; questions: number[] }) =>
    api.call(testRoutes.orderQuestions, { params: { id }, body: { questions } }),
  );

export const useCreateQuestion = () =>
  useTestMutation(({ test, body }: { test: number; body: TestQuestionInput }) =>
    api.call(testRoutes.createQuestion, { body: { ...body, test } }),
  );

export const useUpdateQuestion = () =>
  useTestMutation(({ id, body }: { id: number; body: TestQuestionInput }) =>
    api.call(testRoutes.updateQuestion, { params: { id }, body }),
  );

export const useDeleteQuestion = () =>
  useTestMutation((id: number) => api.call(testRoutes.deleteQuestion, { params: { id } }));

/** Sets or replaces the picture above a question (the server checks and re-encodes it). */
export const useSetQuestionPicture = () =>
  useTestMutation(({ id, file }: { id: number; file: File }) =>
    api.call(testRoutes.setQuestionPicture, { params: { id }, body: { picture: file } }),
  );

export const useRemoveQuestionPicture = () =>
  useTestMutation((id: number) => api.call(testRoutes.deleteQuestionPicture, { params: { id } }));
