import type { Exam } from '@flashcards/contract';
import { ExtraTimeModal as MinutesDialog } from '../../../components/exam/minutes-modals';
import { useExtraTime } from '../api/exams';

/** A student's extra time on one exam of the list: minutes after the common end (0 takes it back). */
export function ExtraTimeModal({ exam, onClose }: { exam: Exam | null; onClose: () => void }) {
  const save = useExtraTime();
  return (
    <MinutesDialog
      target={
        exam && {
          id: exam.id,
          test_name: exam.school_test.name,
          student: exam.student,
          end_exam_at: exam.end_exam_at,
          extra_minutes: exam.extra_minutes,
        }
      }
      onClose={onClose}
      save={save}
    />
  );
}
