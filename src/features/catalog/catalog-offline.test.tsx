// @vitest-environment jsdom
import { renderAt, signIn, startRealServer, syncDeviceCatalog } from '../../test/realServer';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CatalogPage from './CatalogPage';

/** The catalog browser against the real server (SQLite, demo catalog). */
const t = startRealServer();

const show = (path: string) => renderAt(path, { '/brickbase/catalog': <CatalogPage /> });
const rowsShown = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('catalog browser without the network', () => {
  it('without a copy on the device, says the catalog needs the network', async () => {
    await signIn('digi.user@demo.test');
    await t.whileOffline(async () => {
      show('/brickbase/catalog?tab=parts&search=liftarm');
      expect(await screen.findByText(/this device has no copy of it yet/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });

  it("searches the device's copy, listed as online, saying where the results come from", async () => {
    await signIn('digi.user@demo.test');
    await syncDeviceCatalog();
    await t.whileOffline(async () => {
      show('/brickbase/catalog');
      const source = await screen.findByTestId('device-catalog-source');
      expect(source.textContent).toMatch(
        /^No network: results from this device's copy of the catalog \(downloaded .+\)\.$/,
      );
      screen.getByText('Type a name or number in Search to look it up in this copy.');

      const search = screen.getByLabelText('Search');
      fireEvent.change(search, { target: { value: 'technic beam' } });
      fireEvent.keyDown(search, { key: 'Enter' });
      await waitFor(() => expect(rowsShown().length).toBeGreaterThan(0));
      expect(rowsShown().every((r) => /Technic Beam/.test(r.textContent ?? ''))).toBe(true);
      expect(screen.getByText(/^\d+ found$/)).toBeTruthy();
      // The device's copy has no item screens to open: names are not links.
      expect(within(screen.getByRole('table')).queryAllByRole('link')).toHaveLength(0);

      // A BrickLink number finds its part too.
      fireEvent.change(search, { target: { value: '3001' } });
      fireEvent.keyDown(search, { key: 'Enter' });
      await waitFor(() =>
        expect(rowsShown().map((r) => r.textContent)).toEqual([
          expect.stringContaining('Brick 2 x 4'),
        ]),
      );
    });
    // Back online, "Try the network again" shows the server's list (names open item screens).
    fireEvent.click(screen.getByRole('button', { name: 'Try the network again' }));
    await waitFor(() => expect(screen.queryByTestId('device-catalog-source')).toBeNull());
    await waitFor(() =>
      expect(
        within(screen.getByRole('table')).getByRole('link', { name: 'Brick 2 x 4' }),
      ).toBeTruthy(),
    );
  });

  it('tells that instructions and boxes, and the filters, need the network', async () => {
    await signIn('digi.user@demo.test');
    await t.whileOffline(async () => {
      show('/brickbase/catalog?tab=boxes&search=brick');
      expect(
        await screen.findByText(/Instructions and boxes are not in this device's copy/),
      ).toBeTruthy();
      cleanup();
      show('/brickbase/catalog?tab=parts&search=brick&year=1990');
      expect(await screen.findByText(/Category, theme and year need the network/)).toBeTruthy();
      expect(rowsShown().length).toBeGreaterThan(0);
    });
  });
});
