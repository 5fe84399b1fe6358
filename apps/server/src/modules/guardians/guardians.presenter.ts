import type { Guardian, GuardianState, SchoolGuardian } from '@flashcards/contract';
import type { guardians } from '../../db/schema';

type GuardianRow = typeof guardians.$inferSelect;

export const stateOf = (row: Pick<GuardianRow, 'confirmedAt' | 'unsubscribedAt'>): GuardianState =>
  row.unsubscribedAt ? 'unsubscribed' : row.confirmedAt ? 'confirmed' : 'waiting';

export const toGuardian = (row: GuardianRow): Guardian => ({
  email: row.email,
  language: row.language,
  state: stateOf(row),
  set_by: row.setBy as Guardian['set_by'],
  created_at: row.createdAt.toISOString(),
  confirmed_at: row.confirmedAt?.toISOString() ?? null,
});

export const toSchoolGuardian = (row: GuardianRow): SchoolGuardian => ({
  ...toGuardian(row),
  student: row.studentId,
});
