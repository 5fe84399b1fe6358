import { Box, Indicator, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { useInboxCount } from '../../lib/inbox-count';
import { paths } from '../../lib/paths';
import { useSalesShown } from '../../lib/site';
import { type MenuSection, visibleMenu } from './menu-sections';

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
  };
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
  return (
    <div>
      <Text component="h2" id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" mb={4} px="xs">
        {t(`menu.sections.${section.label}`)}
      </Text>
      <Box component="ul" aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
        {section.items.map(({ label, page, icon: ItemIcon }) => {
          const current = pathname === paths[page];
          const counted = page === 'sendToMeCategories' && waiting > 0;
          return (
            <li key={page}>
              <NavLink
                component={Link}
                to={paths[page]}
                label={
                  <>
                    {t(`menu.items.${label}`)}
                    {counted && (
                      <VisuallyHidden>{` (${t('menu.waiting', { count: waiting, formatted: number(waiting) })})`}</VisuallyHidden>
                    )}
                  </>
                }
                leftSection={
                  counted ? (
                    // The count of offers sits on the icon, so the entry keeps to one line.
                    <Indicator label={number(waiting)} size={16} offset={2} display="flex" aria-hidden="true">
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
