import { type ExamStatus, examStatusSchema } from '@flashcards/contract';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListControls, type ListTotal } from '../../../components/list/list-controls';
import { listDefaults, listParamsOf, useAddressWriter } from '../../../lib/list-params';
import type { StudentExamsParams } from '../api/get-student-exams';

const statusOf = (value: string | null): ExamStatus | null => {
  const parsed = examStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The page, order, search and status of the exam list, kept in the address so that a reload keeps them. */
export function useExamListParams() {
  const [params] = useSearchParams();
  const current: StudentExamsParams = { ...listParamsOf(params), status: statusOf(params.get('status')) };
  const navigate = useAddressWriter(current, { ...listDefaults, status: null });
  return { params: current, navigate };
}

/** The search, the order and the status filter of the exam list. */
export function ExamListControls({
  params,
  navigate,
  total,
}: {
  params: StudentExamsParams;
  navigate: (next: Partial<StudentExamsParams>) => void;
  total?: ListTotal;
}) {
  const { t } = useTranslation('exams');
  return (
    <ListControls
      params={params}
      navigate={navigate}
      searchLabel={t('list.search')}
      sortLabel={t('list.sort')}
      sortOption={(sort) => t(`list.sorts.${sort}`)}
      total={total}
    >
      <NativeSelect
        label={t('list.statusFilter')}
        value={params.status ?? ''}
        onChange={(event) => navigate({ status: statusOf(event.currentTarget.value), page: 1 })}
        data={[
          { value: '', label: t('list.allStatuses') },
          ...examStatusSchema.options.map((value) => ({ value, label: t(`status.${value}`) })),
        ]}
        w={180}
      />
    </ListControls>
  );
}
