// @vitest-environment jsdom
import { Providers, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ControllerMessages } from '../../../contract/controllers';
import { DEMO_SAMPLE, writeDemoSample } from '../../../server/catalog-import/demo-sample';
import ControllersPage from './ControllersPage';

/** The screen against the real server (SQLite): fetch is answered by app.inject. */
const t = startRealServer();
const dir = mkdtempSync(join(tmpdir(), 'bw-demo-sample-'));

const runCount = async () =>
  (await t.app.db.selectFrom('controller_runs').select('id').execute()).length;

async function openPage() {
  await signIn('admin@demo.test');
  render(
    <Providers>
      <ControllersPage />
    </Providers>,
  );
  expect(await screen.findByRole('heading', { name: 'Controllers' })).toBeTruthy();
  expect(await screen.findByText('completed')).toBeTruthy();
}

/** 'New controller', then the preview's counts of one kind of row: new, changed, unchanged. */
async function previewRow(kind: string): Promise<string[]> {
  fireEvent.click(screen.getByRole('button', { name: 'New controller' }));
  const table = await screen.findByRole('table', { name: 'What the import will change' });
  const row = within(table).getByRole('row', { name: new RegExp(`^${kind} \\d`) });
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}

describe('ControllersPage', () => {
  afterAll(() => {
    delete process.env.CATALOG_SOURCE;
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows what the import will change before it runs, and No starts nothing', async () => {
    writeDemoSample(dir);
    process.env.CATALOG_SOURCE = dir;
    await openPage();
    const before = await runCount();
    expect(await previewRow('Parts')).toEqual([String(DEMO_SAMPLE.newParts.length), '1', '68']);
    const { part, from, to } = DEMO_SAMPLE.renamed;
    const examples = screen.getByRole('list', { name: 'Changes, for example' });
    expect(
      within(examples)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Parts: ${part}: name '${from}' → '${to}'`]);
    const colours = within(
      screen.getByRole('table', { name: 'What the import will change' }),
    ).getByRole('row', { name: /^Colours \d/ });
    expect(
      within(colours)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', '40']);
    expect(screen.getByText(ControllerMessages.confirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText(ControllerMessages.confirm)).toBeNull());
    expect(await runCount()).toBe(before);
    delete process.env.CATALOG_SOURCE;
  });

  it('lists the runs, shows an error on demand and starts a run after the confirmation', async () => {
    await openPage();
    expect(screen.getByText(ControllerMessages.intro)).toBeTruthy();
    // The demo holds one completed and one failed run; only the failed one has the info button.
    const info = screen.getAllByLabelText('Show the error');
    expect(info).toHaveLength(1);
    const error = 'Loading parts: the download of parts.csv.gz stopped after 12 MB';
    expect(screen.queryByText(error)).toBeNull();
    fireEvent.click(info[0]);
    expect(screen.getByText(error)).toBeTruthy();

    // The shipped sample renames none of the demo's parts: it only adds some.
    const [created, updated] = await previewRow('Parts');
    expect(Number(created)).toBeGreaterThan(0);
    expect(updated).toBe('0');
    expect(screen.getByText(ControllerMessages.confirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    // The new run shows at the top and, read again while busy, ends completed.
    await waitFor(() => expect(screen.getAllByText('completed')).toHaveLength(2), {
      timeout: 15_000,
    });
    const runs = await t.app.db.selectFrom('controller_runs').select('status').execute();
    expect(runs.map((r) => r.status).sort()).toEqual(['completed', 'completed', 'failed']);
  }, 30_000);
});
