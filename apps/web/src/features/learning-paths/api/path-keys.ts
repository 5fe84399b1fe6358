/** Query keys of learning paths: any change to a path refreshes everything under `all`. */
export const pathKeys = {
  all: ['learning-paths'] as const,
  teacherPages: () => ['learning-paths', 'teacher'] as const,
  studentPages: () => ['learning-paths', 'student'] as const,
  progress: (id: number) => ['learning-paths', 'progress', id] as const,
  students: (search: string) => ['learning-paths', 'students', search] as const,
  groups: () => ['learning-paths', 'groups'] as const,
  categories: () => ['learning-paths', 'categories'] as const,
  tests: () => ['learning-paths', 'tests'] as const,
  assignments: (page: number) => ['learning-paths', 'assignments', page] as const,
  assignment: (id: number) => ['learning-paths', 'assignment', id] as const,
  deck: (id: number, type: string) => ['learning-paths', 'deck', id, type] as const,
};
