import { AppShell, Box, Container } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSignedIn } from '../../lib/session';
import { AnimatedBackground } from './animated-background';
import classes from './app-frame.module.css';
import { CookieBanner } from './cookie-banner';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

// Only a signed-in visitor has the side menu: its code (the items, their icons, Mantine's NavLink) comes
// after the app, with the page's own code, and does not weigh on the home page of a first visit.
const SideMenu = lazy(() => import('./side-menu').then((module) => ({ default: module.SideMenu })));

const MAIN_CONTENT_ID = 'main-content';
const SIDE_MENU_ID = 'side-menu';

/**
 * The shell: top bar, the side menu when signed in (behind a burger on narrow screens), content, footer.
 * In a focus mode (an exam being taken) only the top bar's mark and language switch stay: nothing else
 * leads away from the page.
 */
export function AppFrame({ children, focus = false }: { children: ReactNode; focus?: boolean }) {
  const { t } = useTranslation('shell');
  const withMenu = useIsSignedIn() && !focus;
  const [menuOpened, menu] = useDisclosure(false);
  // Below the `sm` breakpoint (48em) a closed menu is only moved off screen: keep it out of the tab order.
  const menuHidden = useMediaQuery('(max-width: 47.99em)') && !menuOpened;
  return (
    <>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AnimatedBackground />
      <AppShell
        className={classes.shell}
        header={{ height: 60 }}
        navbar={withMenu ? { width: 250, breakpoint: 'sm', collapsed: { mobile: !menuOpened } } : undefined}
        padding="md"
      >
        <AppShell.Header>
          <TopBar menu={{ id: SIDE_MENU_ID, opened: menuOpened, toggle: menu.toggle }} focus={focus} />
        </AppShell.Header>
        {withMenu && (
          <AppShell.Navbar id={SIDE_MENU_ID} aria-label={t('menu.label')} inert={menuHidden}>
            <Suspense fallback={null}>
              <SideMenu onNavigate={menu.close} />
            </Suspense>
          </AppShell.Navbar>
        )}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <Container size="lg" px={0}>
            {!focus && <CookieBanner />}
            {children}
          </Container>
        </AppShell.Main>
        {!focus && (
          <Box className={classes.footer}>
            <SiteFooter />
          </Box>
        )}
      </AppShell>
    </>
  );
}
