import { Center, em, Loader, px, useMantineTheme } from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { hidesHeader, menuFor } from '@portal/domain';
import { Suspense, useContext } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BRAND } from '../branding.ts';
import { RouteCrumb } from '../routeCrumb.ts';
import { useSessionUser } from '../session/useSession.ts';
import { useSessionKeeper } from '../session/useSessionKeeper.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { crumbsFor } from './crumbs.ts';
import { Footer } from './Footer.tsx';
import classes from './AppLayout.module.css';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * Sidebar collapses into the burger below 1200 px (Mantine's lg breakpoint is 75em; the layout's
 * own media queries in AppLayout.module.css use the same).
 */
const NAV_BREAKPOINT = 'lg';

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
  const narrow = useMediaQuery(`(max-width: ${em(Number(px(theme.breakpoints[NAV_BREAKPOINT])) - 0.1)})`);
  const { pathname } = useLocation();
  const routeCrumb = useContext(RouteCrumb);
  const crumbs = crumbsFor(pathname, menuFor(user), routeCrumb);
  useDocumentTitle(`${crumbs.at(-1)?.label} · ${BRAND.product}`);

  // The page layout of Mantine's AppShell (fixed header, fixed menu that becomes a drawer below lg,
  // main offset by both), in CSS of its own: AppShell's code is 5 KB of every first load.
  return (
    <div className={classes.shell} data-nav-opened={navOpened || undefined}>
      <SkipLink />
      <TopBar user={user} navOpened={navOpened} onToggleNav={nav.toggle} />
      <Sidebar user={user} folded={Boolean(narrow) && !navOpened} onNavigate={nav.close} />
      <main className={classes.main} id={CONTENT_ID} tabIndex={-1}>
        {/* A new key per path remounts the page, so the 200 ms fade plays on every route change. */}
        <div className={classes.page} key={pathname}>
          {!hidesHeader(user) && <Breadcrumb crumbs={crumbs} />}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
        <Footer />
      </main>
    </div>
  );
}
