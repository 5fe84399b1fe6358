/** Query keys of the exams a student takes: any change to an exam refreshes everything under `all`. */
export const examKeys = {
  all: ['exams'] as const,
  studentPages: () => ['exams', 'student'] as const,
  detail: (id: number) => ['exams', 'detail', id] as const,
};
