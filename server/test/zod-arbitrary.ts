import fc from 'fast-check';
import { TRAY_PRICE_MAX } from '../../contract/batch-trays';
import { INT_MAX, PRICE_MAX, STOCK_MAX } from '../../contract/fields';
import { HOURS_MAX, PRICE_MAX as PROJECT_PRICE_MAX } from '../../contract/projects';

/**
 * fast-check values shaped by a zod (v4) request schema: mostly what the schema accepts (small
 * ids that hit real rows, short strings, enum members), so inputs reach the handlers, with the
 * edge values a careless or hostile client sends mixed in by the caller.
 */

/**
 * The largest values the routes accept for numbers people type (prices, quantities, hours),
 * mixed into the fuzzed numbers: a sum or product of them must never overflow into a 500.
 */
export const LARGEST_VALUES = [
  STOCK_MAX,
  PRICE_MAX,
  TRAY_PRICE_MAX,
  PROJECT_PRICE_MAX,
  HOURS_MAX,
] as const;

/** Strings that break naive handling: NUL, numbers beyond 32 bits, empties, JSON-ish text. */
export const edgeText = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  String(INT_MAX),
  String(INT_MAX + 1),
  '99999999999999999999999',
  '1e3',
  '0x10',
  'NaN',
  'true',
  'null',
  '[]',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x'.repeat(5000),
);

/** JSON values of the same kind, and of the wrong types. */
export const edgeJson = fc.constantFrom<unknown>(
  null,
  '',
  false,
  true,
  [],
  {},
  0,
  -1,
  INT_MAX,
  INT_MAX + 1,
  2 ** 53,
  -(2 ** 31) - 1,
  1.5,
  1e308,
  '\u0000',
  'note\u0000',
  '7',
  'x'.repeat(5000),
);

/** Words the API knows (collections, statuses, layouts), so free text sometimes hits a real one. */
const WORDS = [
  'a',
  'x1',
  'orders',
  'order_items',
  'trays',
  'location_content',
  'locations',
  'BEING_PICKED',
  'filled',
  'sheet',
];

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const isZod = (s: unknown): s is ZodLike =>
  typeof s === 'object' && s !== null && '_zod' in s && typeof (s as ZodLike)._zod === 'object';

/** An arbitrary of values the schema (mostly) accepts; `edge` is mixed in at every level. */
export function fromZod(
  schema: unknown,
  edge: fc.Arbitrary<unknown> = edgeJson,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!isZod(schema) || depth > 6) return fc.oneof(edge, fc.jsonValue({ maxDepth: 1 }));
  const def = schema._zod.def;
  const inner = (s: unknown) => fromZod(s, edge, depth + 1);
  const sometimesEdge = (a: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: a, weight: 8 }, { arbitrary: edge, weight: 1 });
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) model[key] = inner(value);
      return fc.record(model, { requiredKeys: [] });
    }
    case 'string':
      return sometimesEdge(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...WORDS)));
    case 'number':
    case 'int':
      return fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 0, max: 40 }) },
        { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) },
        { weight: 1, arbitrary: fc.constantFrom(INT_MAX, INT_MAX + 1, 2 ** 31 * 3, 2 ** 53 - 1) },
        { weight: 1, arbitrary: fc.constantFrom(...LARGEST_VALUES) },
        { weight: 1, arbitrary: edge },
      );
    case 'boolean':
      return sometimesEdge(fc.boolean());
    case 'enum':
      return sometimesEdge(fc.constantFrom(...Object.values(def.entries as object)));
    case 'literal':
      return sometimesEdge(fc.constantFrom(...(def.values as unknown[])));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'array':
      return sometimesEdge(fc.array(inner(def.element), { maxLength: 3 }));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'pipe':
      // A preprocess or transform: the output side says what is wanted.
      return inner((def.out as ZodLike)._zod.def.type === 'transform' ? def.in : def.out);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType), { maxKeys: 3 });
    default:
      return fc.oneof(edge, fc.jsonValue({ maxDepth: 1 }));
  }
}
