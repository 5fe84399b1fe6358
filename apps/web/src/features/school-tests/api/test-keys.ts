/** Query keys of tests and of the exams I gave: a change to a test refreshes everything under `all`. */
export const testKeys = {
  all: ['school-tests'] as const,
  lists: () => ['school-tests', 'list'] as const,
  test: (id: number) => ['school-tests', 'test', id] as const,
  choices: () => ['school-tests', 'choices'] as const,
  exams: () => ['school-tests', 'exams'] as const,
  summary: () => ['school-tests', 'exams-summary'] as const,
  students: (search: string) => ['school-tests', 'students', search] as const,
  groups: () => ['school-tests', 'groups'] as const,
};

export const listSorts = ['newest', 'oldest', 'az', 'za'] as const;
export type ListSort = (typeof listSorts)[number];

export const sortParams: Record<ListSort, { sort_by: 'date' | 'alphabetical'; sort_order: 'asc' | 'desc' }> =
  {
    newest: { sort_by: 'date', sort_order: 'desc' },
    oldest: { sort_by: 'date', sort_order: 'asc' },
    az: { sort_by: 'alphabetical', sort_order: 'asc' },
    za: { sort_by: 'alphabetical', sort_order: 'desc' },
  };

export const isListSort = (value: unknown): value is ListSort =>
  (listSorts as readonly unknown[]).includes(value);
