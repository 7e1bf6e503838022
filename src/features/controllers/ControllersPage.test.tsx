// @vitest-environment jsdom
import { Providers, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ControllerMessages } from '../../../contract/controllers';
import ControllersPage from './ControllersPage';

/** The screen against the real server (SQLite): fetch is answered by app.inject. */
const t = startRealServer();

describe('ControllersPage', () => {
  it('lists the runs, shows an error on demand and starts a run after the confirmation', async () => {
    await signIn('admin@demo.test');
    render(
      <Providers>
        <ControllersPage />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: 'Controllers' })).toBeTruthy();
    expect(screen.getByText(ControllerMessages.intro)).toBeTruthy();
    // The demo holds one completed and one failed run; only the failed one has the info button.
    expect(await screen.findByText('completed')).toBeTruthy();
    const info = screen.getAllByLabelText('Show the error');
    expect(info).toHaveLength(1);
    const error = 'Loading parts: the download of parts.csv.gz stopped after 12 MB';
    expect(screen.queryByText(error)).toBeNull();
    fireEvent.click(info[0]);
    expect(screen.getByText(error)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New controller' }));
    expect(await screen.findByText(ControllerMessages.confirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    // The new run shows at the top and, read again while busy, ends completed.
    await waitFor(() => expect(screen.getAllByText('completed')).toHaveLength(2), {
      timeout: 15_000,
    });
    const runs = await t.app.db.selectFrom('controller_runs').select('status').execute();
    expect(runs.map((r) => r.status).sort()).toEqual(['completed', 'completed', 'failed']);
  }, 30_000);
});
