// @vitest-environment jsdom
import { Checkbox, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectAllCheckbox, useRowSelection } from './RowSelection';

const KEYS = [1, 2, 3];

function Rows() {
  const { selected, setSelected, select } = useRowSelection<number>();
  return (
    <>
      <SelectAllCheckbox keys={KEYS} selected={selected} onChange={setSelected} />
      {KEYS.map((key) => (
        <Checkbox
          key={key}
          aria-label={`Row ${key}`}
          checked={selected.has(key)}
          onChange={(e) => select(key, e.currentTarget.checked)}
        />
      ))}
    </>
  );
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const ticked = () => KEYS.filter((key) => box(`Row ${key}`).checked);

afterEach(cleanup);

describe('row selection', () => {
  it('ticks rows one by one, and all or none from the header', () => {
    render(
      <MantineProvider>
        <Rows />
      </MantineProvider>,
    );
    fireEvent.click(box('Row 2'));
    expect(ticked()).toEqual([2]);
    expect(box('Select all').checked).toBe(false);
    expect(box('Select all').dataset.indeterminate).toBe('true');

    fireEvent.click(box('Select all'));
    expect(ticked()).toEqual(KEYS);
    expect(box('Select all').checked).toBe(true);

    fireEvent.click(box('Row 1'));
    expect(ticked()).toEqual([2, 3]);
    fireEvent.click(box('Select all'));
    expect(ticked()).toEqual(KEYS);
    fireEvent.click(box('Select all'));
    expect(ticked()).toEqual([]);
  });
});
