import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { matchesPattern } from '../../contract/access';
import { menuFor } from './menu';
import { PageLoading } from './pages/StatusPages';
import { confirmSignOut, registerSignOutCheck, signOut, useSession } from './session';
import { unsentWorkCheck } from './unsentSignOut';
import { SyncStatusSlot } from './SyncStatusSlot';
import { loadedLater } from './lazyLoaded';

/** The floor's lasting warning where this device cannot work offline; loaded after the shell. */
const FloorWarning = loadedLater(() => import('../features/devices/FloorWarning'));

export const APP_NAME = 'Brick Warehouse';

/** The menu for the signed-in user (menu.ts), with the log-out action. */
// Logging out with unsent work asks first, from the moment the shell is up.
registerSignOutCheck(unsentWorkCheck);

export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const permissions = useSession((s) => s.permissions);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  async function logOut() {
    if (!(await confirmSignOut())) return;
    await signOut();
    navigate('/', { replace: true });
  }

  return (
    <nav aria-label="Main menu">
      {menuFor(permissions).map((group) => (
        <div key={group.label}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" mb={4}>
            {group.label}
          </Text>
          {group.entries.map((entry) => (
            <NavLink
              key={entry.to}
              component={Link}
              to={entry.to}
              label={entry.label}
              active={matchesPattern(entry.to, pathname)}
              onClick={onNavigate}
            />
          ))}
        </div>
      ))}
      <Button variant="light" color="gray" fullWidth mt="lg" onClick={() => void logOut()}>
        Log out
      </Button>
    </nav>
  );
}

/** The signed-in layout: header with the user and sync status, the menu, the page; modals. */
export function Shell({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useSession((s) => s.user);

  return (
    <ModalsProvider>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            {/* The name gives way on a phone; the sync status and warnings never do. */}
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? 'Close menu' : 'Open menu'}
              />
              <Title
                order={1}
                size="h4"
                miw={0}
                style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {APP_NAME}
              </Title>
            </Group>
            <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
              <SyncStatusSlot />
              {user && (
                <Text
                  size="sm"
                  truncate="end"
                  visibleFrom="sm"
                  title={`${user.email} (${user.company_name})`}
                >
                  {user.name}
                </Text>
              )}
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <AppShell.Section grow component={ScrollArea}>
            <MainMenu onNavigate={close} />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <FloorWarning />
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
