import { AppShell, Box, Container } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSignedIn } from '../../lib/session';
import { AnimatedBackground } from './animated-background';
import classes from './app-frame.module.css';
import { CookieBanner } from './cookie-banner';
import { SideMenu } from './side-menu';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

const MAIN_CONTENT_ID = 'main-content';
const SIDE_MENU_ID = 'side-menu';

/** The shell: top bar, the side menu when signed in (behind a burger on narrow screens), content, footer. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const signedIn = useIsSignedIn();
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
        navbar={signedIn ? { width: 250, breakpoint: 'sm', collapsed: { mobile: !menuOpened } } : undefined}
        padding="md"
      >
        <AppShell.Header>
          <TopBar menu={{ id: SIDE_MENU_ID, opened: menuOpened, toggle: menu.toggle }} />
        </AppShell.Header>
        {signedIn && (
          <AppShell.Navbar id={SIDE_MENU_ID} aria-label={t('menu.label')} inert={menuHidden}>
            <SideMenu onNavigate={menu.close} />
          </AppShell.Navbar>
        )}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <Container size="lg" px={0}>
            <CookieBanner />
            {children}
          </Container>
        </AppShell.Main>
        <Box className={classes.footer}>
          <SiteFooter />
        </Box>
      </AppShell>
    </>
  );
}
