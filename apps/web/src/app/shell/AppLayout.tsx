import { AppShell, em, px, useMantineTheme } from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { hidesHeader, menuFor } from '@portal/domain';
import { Outlet, useLocation, useMatches } from 'react-router';
import { BRAND } from '../branding.ts';
import { useSessionUser } from '../session/useSession.ts';
import { useSessionKeeper } from '../session/useSessionKeeper.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { crumbsFor, type RouteHandle } from './crumbs.ts';
import { Footer } from './Footer.tsx';
import classes from './AppLayout.module.css';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

/** Sidebar collapses into the burger below 1200 px (Mantine's lg breakpoint is 75em). */
const NAV_BREAKPOINT = 'lg';
const MENU_TRANSITION_MS = 250;

export function AppLayout() {
  const user = useSessionUser();
  useSessionKeeper();
  const [navOpened, nav] = useDisclosure(false);
  const theme = useMantineTheme();
  const narrow = useMediaQuery(`(max-width: ${em(Number(px(theme.breakpoints[NAV_BREAKPOINT])) - 0.1)})`);
  const { pathname } = useLocation();
  const matches = useMatches();
  const routeCrumb = (matches.at(-1)?.handle as RouteHandle | undefined)?.crumb;
  const crumbs = crumbsFor(pathname, menuFor(user), routeCrumb);
  useDocumentTitle(`${crumbs.at(-1)?.label} · ${BRAND.product}`);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 272, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } }}
      transitionDuration={MENU_TRANSITION_MS}
    >
      <TopBar user={user} navOpened={navOpened} onToggleNav={nav.toggle} />
      <Sidebar user={user} folded={Boolean(narrow) && !navOpened} onNavigate={nav.close} />
      <AppShell.Main className={classes.main}>
        <div className={classes.page} key={pathname}>
          {!hidesHeader(user) && <Breadcrumb crumbs={crumbs} />}
          <Outlet />
        </div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
