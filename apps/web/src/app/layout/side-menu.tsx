import type { NotificationItem } from '@flashcards/contract';
import { Box, Indicator, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { useInboxCount } from '../../lib/inbox-count';
import { type PageName, paths } from '../../lib/paths';
import { useDemoVideosShown, useSalesShown } from '../../lib/site';
import { unreadNotificationsKey, useUnreadNotifications } from '../../lib/unread-notifications';
import { type MenuSection, visibleMenu } from './menu-sections';

/** The menu items that count their unread notifications (the offers' inbox counts what waits instead). */
const notifiedItems: Partial<Record<PageName, NotificationItem>> = {
  myLearningPaths: 'my_learning_paths',
  studentsSchoolExams: 'exams_assigned_to_me',
  friends: 'friends',
};

/**
 * The signed-in side menu. Until the user's data arrives, every item but the staff's, the principals', the
 * teachers' and the teaching tools shows (the server enforces access).
 */
export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser().data;
  const access = {
    isAutoCreated: user?.is_auto_created ?? false,
    isStaff: user?.is_staff ?? false,
    isPrincipal: user?.is_organization_host ?? false,
    isTeacher: (user?.is_teacher ?? false) && user?.school_id != null,
    usesTeacherTools: user?.uses_teacher_tools ?? false,
    salesShown: useSalesShown(),
    videosShown: useDemoVideosShown(),
  };
  useReadOnVisit();
  return (
    // The browser's own scrolling: a taller menu than the window scrolls within the navbar.
    <Stack gap="lg" p="md" h="100%" style={{ overflowY: 'auto' }}>
      {visibleMenu(access).map((section) => (
        <MenuGroup key={section.label} section={section} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}

function MenuGroup({ section, onNavigate }: { section: MenuSection; onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const headingId = useId();
  const { number } = useFormatters();
  const waiting = useInboxCount().data ?? 0;
  const unread = useUnreadNotifications().data?.items;
  return (
    <div>
      <Text component="h2" id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" mb={4} px="xs">
        {t(`menu.sections.${section.label}`)}
      </Text>
      <Box component="ul" aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
        {section.items.map(({ label, page, icon: ItemIcon }) => {
          const current = pathname === paths[page];
          const item = notifiedItems[page];
          const fresh = item && unread ? unread[item] : 0;
          const count = page === 'sendToMeCategories' ? waiting : fresh;
          const counted = count > 0;
          return (
            <li key={page}>
              <NavLink
                component={Link}
                to={paths[page]}
                label={
                  <>
                    {t(`menu.items.${label}`)}
                    {counted && (
                      <VisuallyHidden>{` (${t(fresh > 0 ? 'menu.new' : 'menu.waiting', { count, formatted: number(count) })})`}</VisuallyHidden>
                    )}
                  </>
                }
                leftSection={
                  counted ? (
                    // The count sits on the icon, so the entry keeps to one line.
                    <Indicator label={number(count)} size={16} offset={2} display="flex" aria-hidden="true">
                      <ItemIcon size={18} stroke={1.6} aria-hidden="true" />
                    </Indicator>
                  ) : (
                    <ItemIcon size={18} stroke={1.6} aria-hidden="true" />
                  )
                }
                active={current}
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            </li>
          );
        })}
      </Box>
    </div>
  );
}

/**
 * Opening a menu item's page reads its notifications: the badge goes once the person has seen the page
 * they were told about.
 */
function useReadOnVisit() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const unread = useUnreadNotifications().data?.items;
  const page = (Object.keys(notifiedItems) as PageName[]).find((name) => paths[name] === pathname);
  const item = page && notifiedItems[page];
  const fresh = item && unread ? unread[item] : 0;
  useEffect(() => {
    if (!item || fresh === 0) return;
    void import('../../lib/shell-calls')
      .then((call) => call.readNotificationsOf(item))
      .then(() => queryClient.invalidateQueries({ queryKey: unreadNotificationsKey }));
  }, [item, fresh, queryClient]);
}
