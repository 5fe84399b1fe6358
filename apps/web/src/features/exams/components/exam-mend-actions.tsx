import type { ExamDetail } from '@flashcards/contract';
import { Button, Group } from '@mantine/core';
import { IconBroadcast, IconClockPlus, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ExtraTimeModal, type MendTarget, ReopenExamModal } from '../../../components/exam/minutes-modals';
import { paths } from '../../../lib/paths';
import { useReopenAttempt, useSetExtraTime } from '../api/mend-exam';

/**
 * The teacher's mending of one attempt from its details: reopen it once completed, give extra time until
 * then, and the live view of its sitting.
 */
export function ExamMendActions({ exam }: { exam: ExamDetail }) {
  const { t } = useTranslation('exams');
  const reopen = useReopenAttempt();
  const extra = useSetExtraTime();
  const [open, setOpen] = useState<'reopen' | 'extra' | null>(null);
  const target: MendTarget = {
    id: exam.id,
    test_name: exam.school_test.name,
    student: exam.student,
    end_exam_at: exam.end_exam_at,
    extra_minutes: exam.extra_minutes,
  };
  return (
    <Group gap="sm">
      {exam.status === 'completed' ? (
        <Button
          variant="default"
          leftSection={<IconLockOpen size={18} aria-hidden="true" />}
          onClick={() => setOpen('reopen')}
        >
          {t('mend.reopen')}
        </Button>
      ) : (
        <Button
          variant="default"
          leftSection={<IconClockPlus size={18} aria-hidden="true" />}
          onClick={() => setOpen('extra')}
        >
          {t('mend.extra')}
        </Button>
      )}
      <Button
        variant="subtle"
        component={Link}
        to={generatePath(paths.schoolExamLive, { schoolTestId: String(exam.school_test.id) })}
        leftSection={<IconBroadcast size={18} aria-hidden="true" />}
      >
        {t('mend.watchLive')}
      </Button>
      <ReopenExamModal
        target={open === 'reopen' ? target : null}
        onClose={() => setOpen(null)}
        save={reopen}
      />
      <ExtraTimeModal target={open === 'extra' ? target : null} onClose={() => setOpen(null)} save={extra} />
    </Group>
  );
}
