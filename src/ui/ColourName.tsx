import { ColorSwatch, Group, Text, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props extends Omit<GroupProps, 'children'> {
  /** The colour's hex code without '#'; no swatch without one. */
  hex: string | null | undefined;
  name: ReactNode;
  /** 14 in tables and lists, 16 on the floor's item cards. */
  swatchSize?: number;
  /** A test id on the name, for tests that read it on its own. */
  nameTestId?: string;
}

/** A colour as every screen shows it: its swatch and its name, on one line. */
export function ColourName({ hex, name, swatchSize = 14, nameTestId, ...group }: Props) {
  return (
    <Group gap={6} wrap="nowrap" {...group}>
      {hex && <ColorSwatch color={`#${hex}`} size={swatchSize} aria-hidden />}
      <Text size="sm" data-testid={nameTestId}>
        {name}
      </Text>
    </Group>
  );
}
