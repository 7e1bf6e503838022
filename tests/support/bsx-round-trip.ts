import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A BrickStore file of parts, sets and minifigures with every field BrickStore writes. */
export const ALL_FIELDS_BSX = join(__dirname, '../fixtures/brickstore-all-fields.bsx');
export const allFieldsBsx = (): string => readFileSync(ALL_FIELDS_BSX, 'utf8');
