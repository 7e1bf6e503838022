// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Workbox } from 'workbox-window';
import { UpdatePrompt, UpdateTexts, useUpdateState } from '.';

/** Stands in for workbox-window (an outside library): records what the prompt asks of it. */
function fakeWorkbox() {
  const calls: string[] = [];
  const wb = {
    addEventListener: (type: string) => calls.push(`listen:${type}`),
    messageSkipWaiting: () => calls.push('skip-waiting'),
  };
  return { wb: wb as unknown as Workbox, calls };
}

function renderPrompt(canUpdate?: () => Promise<boolean>) {
  return render(
    <MantineProvider>
      <UpdatePrompt canUpdate={canUpdate} />
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  useUpdateState.setState({ updateWaiting: false, workbox: null });
});

describe('UpdatePrompt', () => {
  it('shows nothing while no new version waits', () => {
    renderPrompt();
    expect(screen.queryByText(UpdateTexts.available)).toBeNull();
  });

  it('offers the waiting version and applies it on Reload', async () => {
    const { wb, calls } = fakeWorkbox();
    useUpdateState.setState({ updateWaiting: true, workbox: wb });
    renderPrompt(async () => true);
    expect(screen.getByText('A new version is available.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(calls).toEqual(['listen:controlling', 'skip-waiting']));
  });

  it('keeps the old version while the outbox still has entries', async () => {
    const { wb, calls } = fakeWorkbox();
    useUpdateState.setState({ updateWaiting: true, workbox: wb });
    renderPrompt(async () => false);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Finish syncing before updating')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
