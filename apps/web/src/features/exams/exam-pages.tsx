/**
 * The student's exam pages and the exam details, each fetched when first opened. The router reaches them
 * through this small module so that the home page's first load carries one entry for all of them (the
 * first-load budget).
 */
export const examPages = {
  studentsSchoolExams: () => import('./pages/student-exams-page').then((m) => <m.StudentExamsPage />),
  schoolExamStarted: () => import('./pages/exam-taking-page').then((m) => <m.ExamTakingPage />),
  schoolExam: () => import('./pages/exam-detail-page').then((m) => <m.ExamDetailPage />),
};
