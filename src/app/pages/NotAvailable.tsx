import { Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';

/** An honest placeholder for an area that is not built yet. */
export function NotAvailable({ area }: { area: string }) {
  return (
    <>
      <Title order={2}>{area}</Title>
      <Text mt="md">{area} is not available yet.</Text>
    </>
  );
}

/** A page component for the route table: `notAvailable('Orders')`. */
export function notAvailable(area: string): ComponentType {
  const Page = () => <NotAvailable area={area} />;
  Page.displayName = `NotAvailable(${area})`;
  return Page;
}
