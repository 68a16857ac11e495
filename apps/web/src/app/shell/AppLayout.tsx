import { AppShell, Center, em, Loader, px, useMantineTheme } from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { hidesHeader, menuFor } from '@portal/domain';
import { Suspense } from 'react';
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
/** Spec part 1 §2: menu transition 250 ms (the page's 200 ms fade is in AppLayout.module.css). */
const MENU_TRANSITION_MS = 250;

/** While a page's code arrives (the first time it is opened). */
function PageLoader() {
  return (
    <Center py={80}>
      <Loader aria-label="Carregando a página" />
    </Center>
  );
}

const CONTENT_ID = 'conteudo';

/**
 * The first stop of the keyboard: past the top bar and the menu, straight to the page. Focus is
 * moved by hand, so the address keeps no '#conteudo' and the history no extra entry.
 */
function SkipLink() {
  return (
    <a
      href={`#${CONTENT_ID}`}
      className={classes.skip}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(CONTENT_ID)?.focus();
      }}
    >
      Pular para o conteúdo
    </a>
  );
}

export function AppLayout() {
  const user = useSessionUser();
  useSessionKeeper();
  const [navOpened, nav] = useDisclosure(false);
  const theme = useMantineTheme();
  // Users who asked the system for less motion get the menu without the slide, like the page.
  const reduceMotion = useReducedMotion();
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
      transitionDuration={reduceMotion ? 0 : MENU_TRANSITION_MS}
    >
      <SkipLink />
      <TopBar user={user} navOpened={navOpened} onToggleNav={nav.toggle} />
      <Sidebar user={user} folded={Boolean(narrow) && !navOpened} onNavigate={nav.close} />
      <AppShell.Main className={classes.main} id={CONTENT_ID} tabIndex={-1}>
        {/* A new key per path remounts the page, so the 200 ms fade plays on every route change. */}
        <div className={classes.page} key={pathname}>
          {!hidesHeader(user) && <Breadcrumb crumbs={crumbs} />}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
