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
    ],
  },
  {
    label: 'assignedFromMe',
    items: [
      { label: 'myTests', page: 'schoolTests', icon: IconClipboardList },
      { label: 'myExams', page: 'schoolExams', icon: IconCertificate },
      { label: 'reports', page: 'reports', icon: IconChartBar, hiddenForAutoCreated: true },
      { label: 'learningPaths', page: 'learningPaths', icon: IconRoute, hiddenForAutoCreated: true },
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
      { label: 'demoVideos', page: 'demoVideos', icon: IconVideo },
    ],
  },
  {
    label: 'staff',
    items: [
      { label: 'admin', page: 'admin', icon: IconShieldLock, staffOnly: true },
      { label: 'catalogReview', page: 'adminMarket', icon: IconListCheck, staffOnly: true },
      { label: 'schools', page: 'adminSchools', icon: IconSchool, staffOnly: true },
      { label: 'payouts', page: 'adminPayouts', icon: IconCash, staffOnly: true },
    ],
  },
];

/** The sections with the items this user may see; sections left empty are dropped. */
export function visibleMenu({
  isAutoCreated,
  isStaff,
  isPrincipal = false,
  isTeacher = false,
}: {
  isAutoCreated: boolean;
  isStaff: boolean;
  isPrincipal?: boolean;
  isTeacher?: boolean;
}): MenuSection[] {
  return menuSections
    .map((section) => ({
      ...section,
      items: section.items.filter(
        (item) =>
          !(isAutoCreated && item.hiddenForAutoCreated) &&
          !(item.staffOnly && !isStaff) &&
          !(item.principalOnly && !isPrincipal) &&
          !(item.teacherOnly && !isTeacher),
      ),
    }))
    .filter((section) => section.items.length > 0);
}
