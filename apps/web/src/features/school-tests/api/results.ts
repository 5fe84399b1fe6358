import { examResultRoutes, testRoutes } from '@flashcards/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';
import type { ExamFilters } from './exams';
import { testKeys } from './test-keys';

const filterQuery = ({ testId, status, search }: ExamFilters) => ({
  test_id: testId ?? undefined,
  status: status ?? undefined,
  search: search || undefined,
});

// Under `all`: a change to tests or exams refreshes these too.
const resultKeys = {
  analysis: (filters: ExamFilters) => [...testKeys.all, 'analysis', filters] as const,
  results: (filters: ExamFilters) => [...testKeys.all, 'results', filters] as const,
  colleagues: () => [...testKeys.all, 'colleagues'] as const,
};

/** The item analysis of the completed exams the filters select: each question, hardest first. */
export const useExamAnalysis = (filters: ExamFilters) =>
  useQuery({
    queryKey: resultKeys.analysis(filters),
    queryFn: ({ signal }) => api.call(examResultRoutes.examAnalysis, { query: filterQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });

/** Every result the filters select, by student, for the printed sheet. */
export const useExamResults = (filters: ExamFilters) =>
  useQuery({
    queryKey: resultKeys.results(filters),
    queryFn: ({ signal }) => api.call(examResultRoutes.examResults, { query: filterQuery(filters), signal }),
  });

/** Downloads the results the filters select as a CSV file, named by the server. */
export const exportExamResults = async (filters: ExamFilters) => {
  const { blob, fileName } = await api.download(examResultRoutes.exportExamResults, {
    query: filterQuery(filters),
  });
  saveFile(blob, fileName ?? 'exam results.csv');
};

export const useExportExamResults = () => useMutation({ mutationFn: exportExamResults });

/** The teachers and principals of my school (a test may be copied to them). */
export const useColleagues = (enabled: boolean) =>
  useQuery({
    queryKey: resultKeys.colleagues(),
    queryFn: ({ signal }) => api.call(examResultRoutes.colleagues, { signal }),
    enabled,
  });

/** Copies a test of mine to a colleague: the copy is theirs, so nothing of mine changes. */
export const useCopyTestToColleague = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, colleague }: { id: number; colleague: number }) =>
      api.call(testRoutes.copyTest, { params: { id }, body: { colleague } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
};
