import type { OrderItem } from '../../contract/orders';

/** What an order item in a component test is: a new red Brick 2 x 4, without an image. */
export const redBrick2x4: Pick<
  OrderItem,
  | 'image_path'
  | 'colour_id'
  | 'colour_hex'
  | 'colour_name'
  | 'mold_id'
  | 'mold_name'
  | 'condition'
  | 'condition_name'
> = {
  image_path: null,
  colour_id: 5,
  colour_hex: 'C91A09',
  colour_name: 'Red',
  mold_id: 3001,
  mold_name: 'Brick 2 x 4',
  condition: 'N',
  condition_name: 'New',
};
