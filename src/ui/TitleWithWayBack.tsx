import { Button, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface Props {
  title: ReactNode;
  /** The screen it was opened from, and its name on the way back. */
  back: { to: string; label: string };
}

/** A screen's title below the way back to the screen it was opened from. */
export function TitleWithWayBack({ title, back }: Props) {
  return (
    <Stack gap={4}>
      <Button component={Link} to={back.to} variant="subtle" size="compact-sm" w="fit-content">
        ← {back.label}
      </Button>
      <Title order={2}>{title}</Title>
    </Stack>
  );
}
