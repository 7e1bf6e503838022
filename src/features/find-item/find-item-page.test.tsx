// @vitest-environment jsdom
import { renderAt, signIn, startRealServer, syncDeviceCatalog } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FindItemPage from './FindItemPage';

/** The tests cut the network: the box never needs it. */
const t = startRealServer();

const show = () => renderAt('/find_item', { '/find_item': <FindItemPage /> });
const found = () => screen.queryAllByTestId('found-item').map((f) => f.textContent);

describe('Find an item', () => {
  it('says so when the device has no catalog yet', async () => {
    await signIn('picker@demo.test');
    await t.whileOffline(async () => {
      show();
      expect(await screen.findByText('No catalog on this device yet')).toBeTruthy();
    });
  });

  it('finds by a scanned number and by a typed name, from the device, without the network', async () => {
    await signIn('picker@demo.test');
    await syncDeviceCatalog();
    await t.whileOffline(async () => {
      show();
      const box = screen.getByLabelText('Item number or name');
      expect(document.activeElement).toBe(box);
      const source = await screen.findByTestId('device-catalog-source');
      expect(source.textContent).toMatch(
        /^Searching this device's copy of the catalog \(downloaded .+\)\.$/,
      );

      // A scanner types the number and Enter.
      fireEvent.change(box, { target: { value: '3001' } });
      fireEvent.submit(box.closest('form')!);
      await waitFor(() => expect(found()[0]).toMatch(/^Mould 3001Brick 2 x 4/));
      const first = screen.getAllByTestId('found-item')[0];
      const picture = within(first).getByRole('img', { name: 'Brick 2 x 4' });
      expect(picture.getAttribute('src')).toMatch(/3001\.png$/);

      fireEvent.change(box, { target: { value: 'liftarm' } });
      await waitFor(() => expect(found().length).toBeGreaterThan(1));
      expect(found().every((f) => /liftarm/i.test(f ?? ''))).toBe(true);

      fireEvent.change(box, { target: { value: 'no such brick' } });
      fireEvent.submit(box.closest('form')!);
      expect(
        await screen.findByText(
          'Nothing found for "no such brick". Check the number, or type part of the name.',
        ),
      ).toBeTruthy();
      expect(found()).toEqual([]);
    });
  });
});
