import { Button, Drawer, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { NO_IMAGE } from '../../ui/noImage';
import type { PartRef } from './ItemCards';

/** The side panel: the part behind an element or a relation, with a link to its item info. */
export function PartPanel({ part, onClose }: { part: PartRef | null; onClose: () => void }) {
  return (
    <Drawer
      opened={part !== null}
      onClose={onClose}
      position="right"
      title={part?.name}
      aria-label="Part"
    >
      {part && (
        <Stack gap="sm">
          <Image
            src={part.image_url || NO_IMAGE}
            fallbackSrc={NO_IMAGE}
            alt={part.name}
            w={400}
            maw="100%"
            fit="contain"
          />
          <Text size="sm">Rebrickable: {part.rebrickable_id ?? '?'}</Text>
          <Button component={Link} to={`/brickbase/iteminfo/${part.uuid}`} onClick={onClose}>
            Open item info
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
