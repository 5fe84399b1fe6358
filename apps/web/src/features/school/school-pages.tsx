/**
 * The school area's pages, each fetched when first opened. The router reaches them through this small
 * module so that the home page's first load carries one entry for all of them rather than the list of
 * every chunk each page needs (the first-load budget).
 */
export const schoolPages = {
  mySchool: () => import('./pages/my-school-page').then((m) => <m.MySchoolPage />),
  schoolsList: () => import('./pages/schools-list-page').then((m) => <m.SchoolsListPage />),
  schoolClass: () => import('./pages/class-page').then((m) => <m.ClassPage />),
  myClasses: () => import('./pages/my-classes-page').then((m) => <m.MyClassesPage />),
  teachersWork: () => import('./pages/teachers-work-page').then((m) => <m.TeachersWorkPage />),
  adminSchools: () => import('./pages/admin-schools-page').then((m) => <m.AdminSchoolsPage />),
};
