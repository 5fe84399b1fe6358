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
  live: (testId: number) => ['school-tests', 'live', testId] as const,
  assignments: (page: number) => ['school-tests', 'assignments', page] as const,
  assignment: (id: number) => ['school-tests', 'assignment', id] as const,
};
