import type { ExamStatus } from '@flashcards/contract';
import { examStatusSchema } from '@flashcards/contract';
import { useSearchParams } from 'react-router';
import { listParamsOf, useAddressWriter } from '../../../lib/list-params';
import type { ExamListParams } from '../api/exams';

const idFrom = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The page, order and filters of the exams I gave (`?test_id=` comes from a test's "See its exams"). */
export function useExamListParams() {
  const [params] = useSearchParams();
  const status = examStatusSchema.safeParse(params.get('status'));
  const current: ExamListParams = {
    ...listParamsOf(params),
    testId: idFrom(params.get('test_id')),
    status: status.success ? (status.data as ExamStatus) : null,
  };
  const write = useAddressWriter(
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
