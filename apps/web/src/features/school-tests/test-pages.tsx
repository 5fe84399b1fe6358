/**
 * The teacher's pages of tests and exams, each fetched when first opened. The router reaches them through
 * this small module so that the home page's first load carries one entry for all of them (the budget).
 */
export const testPages = {
  schoolTests: () => import('./pages/tests-page').then((m) => <m.TestsPage />),
  schoolTestCreate: () => import('./pages/test-editor-page').then((m) => <m.TestEditorPage />),
  schoolTestEdit: () => import('./pages/test-editor-page').then((m) => <m.TestEditorPage />),
  schoolExams: () => import('./pages/exams-page').then((m) => <m.ExamsPage />),
  schoolExamLive: () => import('./pages/exam-live-page').then((m) => <m.ExamLivePage />),
  examAssignment: () => import('./pages/exam-assignment-page').then((m) => <m.ExamAssignmentPage />),
  schoolExamsPrint: () => import('./pages/results-sheet-page').then((m) => <m.ResultsSheetPage />),
  schoolTestPrint: () => import('./pages/test-paper-page').then((m) => <m.TestPaperPage />),
};
