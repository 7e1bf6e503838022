import { Center, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card the sign-in screens share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <Title order={1} size="h3" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}

/** Mantine's default toggle label contains "password", which would make the label ambiguous. */
export const visibilityToggle = { 'aria-label': 'Show typed characters' };
