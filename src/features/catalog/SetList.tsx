import { Anchor, List } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { CatalogItem } from '../../../contract/catalog';

/** Set names, each opening its set inventory, with how many when more than one. */
export function SetList({ sets }: { sets: CatalogItem['sets'] }) {
  return (
    <List spacing={4}>
      {sets.map((s) => (
        <List.Item key={s.uuid}>
          <Anchor component={Link} to={`/brickbase/setinfo/${s.uuid}`}>
            {s.name}
          </Anchor>
          {s.rebrickable_id ? ` (${s.rebrickable_id})` : ''}
          {s.quantity > 1 ? ` × ${s.quantity}` : ''}
        </List.Item>
      ))}
    </List>
  );
}
