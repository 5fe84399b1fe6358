import type { ExamStatus } from '@flashcards/contract';
import { examStatusSchema } from '@flashcards/contract';
import { useSearchParams } from 'react-router';
import { pageFromParam } from '../../../lib/deck-keys';
import type { ExamListParams } from '../api/exams';
import { isListSort } from '../api/test-keys';
import type { TestListParams } from '../api/tests';

type Values = Record<string, string | number | null>;

/** Writes a list's values into the address (defaults left out), so that a reload or a link keeps them. */
const useAddress = <T extends Values>(current: T, defaults: T) => {
  const [, setParams] = useSearchParams();
  return (next: Partial<T>) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      const merged = { ...current, ...next };
      for (const [key, value] of Object.entries(merged)) {
        if (value === null || value === '' || value === defaults[key]) updated.delete(key);
        else updated.set(key, String(value));
      }
      return updated;
    });
};

/** The page, order and search of my tests. */
export function useTestListParams() {
  const [params] = useSearchParams();
  const sort = params.get('sort');
  const current: TestListParams = {
    page: pageFromParam(params.get('page')),
    sort: isListSort(sort) ? sort : 'newest',
    search: params.get('search') ?? '',
  };
  const navigate = useAddress(current, { page: 1, sort: 'newest', search: '' });
  return { params: current, navigate };
}

const idFrom = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The page, order and filters of the exams I gave (`?test_id=` comes from a test's "See its exams"). */
export function useExamListParams() {
  const [params] = useSearchParams();
  const sort = params.get('sort');
  const status = examStatusSchema.safeParse(params.get('status'));
  const current: ExamListParams = {
    page: pageFromParam(params.get('page')),
    sort: isListSort(sort) ? sort : 'newest',
    search: params.get('search') ?? '',
    testId: idFrom(params.get('test_id')),
    status: status.success ? (status.data as ExamStatus) : null,
  };
  const write = useAddress(
    {
      page: current.page,
      sort: current.sort,
      search: current.search,
      test_id: current.testId,
      status: current.status,
    },
    { page: 1, sort: 'newest', search: '', test_id: null, status: null },
  );
  const navigate = ({ testId, ...rest }: Partial<ExamListParams>) =>
    write({ ...rest, ...(testId !== undefined ? { test_id: testId } : {}) });
  return { params: current, navigate };
}
