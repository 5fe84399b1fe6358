import type { resources } from '@flashcards/i18n';
import {
  type Icon,
  IconCards,
  IconCash,
  IconCertificate,
  IconChalkboard,
  IconChartBar,
  IconClipboardCheck,
  IconClipboardList,
  IconDeviceGamepad2,
  IconEye,
  IconInbox,
  IconListCheck,
  IconMap2,
  IconMoodKid,
  IconRoute,
  IconSchool,
  IconShieldLock,
  IconSparkles,
  IconUsers,
  IconUsersGroup,
  IconVideo,
} from '@tabler/icons-react';
import type { PageName } from '../../lib/paths';

type MenuLabels = (typeof resources)['en']['shell']['menu'];

export interface MenuItem {
  label: keyof MenuLabels['items'];
  page: PageName;
  icon: Icon;
  /** Auto-created accounts (created for a school's students) get a reduced menu (spec). */
  hiddenForAutoCreated?: boolean;
  /** Only for the platform's staff. */
  staffOnly?: boolean;
  /** Only for the principals of a school (`is_organization_host`). */
  principalOnly?: boolean;
  /** For teachers of a school (the classes they teach). */
  teacherOnly?: boolean;
  /** A tool of teaching: for those who use them (a school's teacher, or the maker of a test, exam or path). */
  teacherTool?: boolean;
  /** About what is sold (affiliates' payouts): not on a server where every account is premium. */
  sales?: boolean;
  /** The demo videos: only once the deployment has some. */
  videos?: boolean;
}

export interface MenuSection {
  label: keyof MenuLabels['sections'];
  items: MenuItem[];
}

export const menuSections: MenuSection[] = [
  {
    label: 'flashCards',
    items: [
      { label: 'myCategories', page: 'myCategories', icon: IconCards },
      { label: 'aiCategories', page: 'aiCards', icon: IconSparkles, hiddenForAutoCreated: true },
      { label: 'kidsCategories', page: 'kids', icon: IconMoodKid },
      { label: 'liveGames', page: 'liveGames', icon: IconDeviceGamepad2 },
    ],
  },
  {
    label: 'assignedFromMe',
    items: [
      { label: 'myTests', page: 'schoolTests', icon: IconClipboardList, teacherTool: true },
      { label: 'myExams', page: 'schoolExams', icon: IconCertificate, teacherTool: true },
      {
        label: 'reports',
        page: 'reports',
        icon: IconChartBar,
        hiddenForAutoCreated: true,
        teacherTool: true,
      },
      {
        label: 'learningPaths',
        page: 'learningPaths',
        icon: IconRoute,
        hiddenForAutoCreated: true,
        teacherTool: true,
      },
    ],
  },
  {
    label: 'assignedToMe',
    items: [
      { label: 'sentToMe', page: 'sendToMeCategories', icon: IconInbox },
      {
        label: 'examsAssignedToMe',
        page: 'studentsSchoolExams',
        icon: IconClipboardCheck,
        hiddenForAutoCreated: true,
      },
      { label: 'myLearningPaths', page: 'myLearningPaths', icon: IconMap2, hiddenForAutoCreated: true },
    ],
  },
  {
    label: 'social',
    items: [
      { label: 'friends', page: 'friends', icon: IconUsers },
      { label: 'userGroups', page: 'userGroups', icon: IconUsersGroup, hiddenForAutoCreated: true },
    ],
  },
  {
    label: 'other',
    items: [
      { label: 'mySchool', page: 'mySchool', icon: IconSchool, principalOnly: true },
      { label: 'teachersWork', page: 'teachersWork', icon: IconEye, principalOnly: true },
      { label: 'myClasses', page: 'myClasses', icon: IconChalkboard, teacherOnly: true },
      { label: 'demoVideos', page: 'demoVideos', icon: IconVideo, videos: true },
    ],
  },
  {
    label: 'staff',
    items: [
      { label: 'admin', page: 'admin', icon: IconShieldLock, staffOnly: true },
      { label: 'catalogReview', page: 'adminMarket', icon: IconListCheck, staffOnly: true },
      { label: 'schools', page: 'adminSchools', icon: IconSchool, staffOnly: true },
      { label: 'payouts', page: 'adminPayouts', icon: IconCash, staffOnly: true, sales: true },
    ],
  },
];

/** The sections with the items this user may see; sections left empty are dropped. */
export function visibleMenu({
  isAutoCreated,
  isStaff,
  isPrincipal = false,
  isTeacher = false,
  usesTeacherTools = false,
  salesShown = true,
  videosShown = false,
}: {
  isAutoCreated: boolean;
  isStaff: boolean;
  isPrincipal?: boolean;
  isTeacher?: boolean;
  /** "Assigned from me" shows only to those who use its tools, not to every new learner and student. */
  usesTeacherTools?: boolean;
  salesShown?: boolean;
  videosShown?: boolean;
}): MenuSection[] {
  return menuSections
    .map((section) => ({
      ...section,
      items: section.items.filter(
        (item) =>
          !(isAutoCreated && item.hiddenForAutoCreated) &&
          !(item.staffOnly && !isStaff) &&
          !(item.principalOnly && !isPrincipal) &&
          !(item.teacherOnly && !isTeacher) &&
          !(item.teacherTool && !usesTeacherTools) &&
          !(item.sales && !salesShown) &&
          !(item.videos && !videosShown),
      ),
    }))
    .filter((section) => section.items.length > 0);
}
