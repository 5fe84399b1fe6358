/**
 * Query keys of the school area. A change to a school's members refreshes everything under `all`
 * (the counts and seats of the school card change with the list).
 */
export const schoolKeys = {
  all: ['school'] as const,
  details: () => ['school', 'details'] as const,
  members: (filter: { page: number; search: string; role: string }) => ['school', 'members', filter] as const,
  classes: () => ['school', 'classes'] as const,
  guardians: () => ['school', 'guardians'] as const,
  schoolClass: (id: number) => ['school', 'classes', id] as const,
  gradebook: (id: number) => ['school', 'classes', id, 'gradebook'] as const,
  teacherWork: (teacher: number, kind: 'paths' | 'exams', page: number) =>
    ['school', 'teachers-work', teacher, kind, page] as const,
  myClasses: () => ['school', 'my-classes'] as const,
  list: (page: number) => ['school', 'list', page] as const,
  admin: () => ['school', 'admin'] as const,
  adminPage: (page: number, search: string) => ['school', 'admin', page, search] as const,
};
