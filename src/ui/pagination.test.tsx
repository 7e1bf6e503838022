// @vitest-environment jsdom
import { Pagination } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { Providers } from '../app/Providers';

afterEach(cleanup);

function Pages() {
  const [page, setPage] = useState(1);
  return (
    <>
      <Pagination total={4} value={page} onChange={setPage} withEdges />
      <output>{page}</output>
    </>
  );
}

it("names the page switcher's arrows, so a screen reader can tell them apart", () => {
  render(
    <Providers>
      <Pages />
    </Providers>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(screen.getByRole('status').textContent).toBe('3');
  fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(screen.getByRole('status').textContent).toBe('2');
  fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
  expect(screen.getByRole('status').textContent).toBe('4');
  fireEvent.click(screen.getByRole('button', { name: 'First page' }));
  expect(screen.getByRole('status').textContent).toBe('1');
  expect(screen.getByRole('button', { name: '3' })).toBeTruthy(); // pages keep their numbers
});
