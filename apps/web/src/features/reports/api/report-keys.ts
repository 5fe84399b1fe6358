/** Query keys of the reports: the students I reach, a student's rows, one row's cards. */
export const reportKeys = {
  all: ['reports'] as const,
  students: (filter: { page: number; search: string }) => ['reports', 'students', filter] as const,
  rows: (email: string, page: number) => ['reports', 'rows', email, page] as const,
  cards: (email: string, source: ReportSource, page: number) =>
    ['reports', 'cards', email, source, page] as const,
};

/** What a per-card report is of: one of the student's categories, or one of their learning paths. */
export type ReportSource = { category_id: number } | { learning_path_id: number };
