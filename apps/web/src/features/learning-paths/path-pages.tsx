/**
 * The learning paths' pages, each fetched when first opened. The router reaches them through this small
 * module so that the home page's first load carries one entry for all of them (the first-load budget).
 */
export const pathPages = {
  learningPaths: () => import('./pages/teacher-paths-page').then((m) => <m.TeacherPathsPage />),
  myLearningPaths: () => import('./pages/student-paths-page').then((m) => <m.StudentPathsPage />),
  learningPathProgress: () => import('./pages/path-progress-page').then((m) => <m.PathProgressPage />),
  learningPathAssignment: () => import('./pages/assignment-page').then((m) => <m.AssignmentPage />),
  learningPathCardsText: () => import('./pages/path-study-page').then((m) => <m.PathStudyPage kind="text" />),
  learningPathCardsPicture: () =>
    import('./pages/path-study-page').then((m) => <m.PathStudyPage kind="picture" />),
};
