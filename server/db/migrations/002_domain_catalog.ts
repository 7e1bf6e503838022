import { sql, type Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../dialect';
import { dropTables, flag, index, userRef, versioned } from './domain-columns';

/**
 * Reference data and the shared parts catalog (BrickBase; also read by the catalog modals).
 * Everything here is global: no company_id. Every catalog table carries a `version` for pull
 * cursors and a `uuid` (the BrickBase object id used by suggestions, the changelog and
 * `/v3/brickbase/uuids/{uuid}`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await referenceData(db);
  await colourThemesCategories(db);
  await partsMinifigsSets(db);
  await inventories(db);
  await moulds(db);
  await catalogAdministration(db);
}

async function referenceData(db: Kysely<unknown>): Promise<void> {
  // Conditions of an item variant: NEW, LIKE_NEW, GOOD, ACCEPTABLE.
  await db.schema
    .createTable('conditions')
    .addColumn('condition_name', 'text', (c) => c.primaryKey())
    .addColumn('new_condition_name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('conditions' as never)
    .values([
      { condition_name: 'NEW', new_condition_name: 'New', sort_order: 1 },
      { condition_name: 'LIKE_NEW', new_condition_name: 'Like new', sort_order: 2 },
      { condition_name: 'GOOD', new_condition_name: 'Good', sort_order: 3 },
      { condition_name: 'ACCEPTABLE', new_condition_name: 'Acceptable', sort_order: 4 },
    ] as never)
    .execute();

  // Catalog item types (GET /v1/catalog/types). Type 2 is browsed by category, the rest by theme;
  // bsx_code is the BSX ItemTypeID the inventory export writes (docs/inventory.md).
  await db.schema
    .createTable('item_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('bsx_code', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('item_types' as never)
    .values(
      [
        [1, 'set', 'S'],
        [2, 'brick', 'P'],
        [3, 'minifig', 'M'],
        [4, 'book', 'B'],
        [5, 'gear', 'G'],
        [6, 'catalog', 'C'],
        [7, 'instruction', 'I'],
        [8, 'original box', 'O'],
      ].map(([id, name, bsx_code]) => ({ id, name, bsx_code })) as never,
    )
    .execute();

  // Marketplace order statuses (GET /v1/order/status).
  await db.schema
    .createTable('order_statuses')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  const orderStatuses = [
    'PENDING',
    'UPDATED',
    'PROCESSING',
    'READY',
    'PAID',
    'PACKED',
    'SHIPPED',
    'RECEIVED',
    'COMPLETED',
    'CANCELLED',
    'ON_HOLD',
  ];
  await db
    .insertInto('order_statuses' as never)
    .values(orderStatuses.map((name, i) => ({ id: i + 1, name })) as never)
    .execute();

  // Picking statuses (GET /v1/order/picking_status; docs/picking.md). 2 is the unassigned state a
  // picker claims from (and the only one in which an order may be made not pickable).
  await db.schema
    .createTable('picking_statuses')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db
    .insertInto('picking_statuses' as never)
    .values([
      { id: 1, name: 'BEING_PICKED' },
      { id: 2, name: 'UNASSIGNED' },
      { id: 3, name: 'PAUSED' },
      { id: 4, name: 'PICKED' },
    ] as never)
    .execute();
}

async function colourThemesCategories(db: Kysely<unknown>): Promise<void> {
  // One colour list for the catalog and the warehouse: colour_id everywhere is colours.id.
  await withId(db, db.schema.createTable('colours'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rebrickable_id', 'integer', (c) => c.unique())
    .addColumn('bl_colour_id', 'integer')
    .addColumn('brickowl_colour_id', 'integer')
    .addColumn('hex', 'text', (c) => c.notNull().defaultTo(''))
    .$call(flag('is_transparent', 0))
    .$call(versioned)
    .execute();
  await index(db, 'colours', ['version']);

  for (const table of ['themes', 'categories'] as const) {
    await withId(db, db.schema.createTable(table))
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.references(`${table}.id`).onDelete('set null'))
      .addColumn('rebrickable_id', 'integer', (c) => c.unique())
      .$call(versioned)
      .execute();
    await index(db, table, ['parent_id']);
    await index(db, table, ['version']);
  }
}

async function partsMinifigsSets(db: Kysely<unknown>): Promise<void> {
  const size = 'numeric(10, 2)' as const;
  await withId(db, db.schema.createTable('parts'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rebrickable_id', 'text', (c) => c.unique())
    .addColumn('bricklink_id', 'text')
    .addColumn('brickowl_id', 'text')
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('image_url', 'text')
    .addColumn('length', size) // cm
    .addColumn('width', size) // cm
    .addColumn('height', size) // cm
    .addColumn('weight', size) // grams
    .addColumn('year', 'integer')
    .addColumn('material', 'text')
    .$call(versioned)
    .execute();
  await index(db, 'parts', ['bricklink_id']);
  await index(db, 'parts', ['category_id']);
  await index(db, 'parts', ['version']);

  await withId(db, db.schema.createTable('minifigs'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rebrickable_id', 'text', (c) => c.unique())
    .addColumn('bricklink_id', 'text')
    .addColumn('brickowl_id', 'text')
    .addColumn('theme_id', 'integer', (c) => c.references('themes.id').onDelete('set null'))
    .addColumn('image_url', 'text')
    .addColumn('num_parts', 'integer')
    .addColumn('year', 'integer')
    .$call(versioned)
    .execute();
  await index(db, 'minifigs', ['version']);

  await withId(db, db.schema.createTable('sets'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rebrickable_id', 'text', (c) => c.unique())
    .addColumn('bricklink_id', 'text')
    .addColumn('brickowl_id', 'text')
    .addColumn('theme_id', 'integer', (c) => c.references('themes.id').onDelete('set null'))
    .addColumn('image_url', 'text')
    .addColumn('num_parts', 'integer')
    .addColumn('year', 'integer')
    .addColumn('length', size)
    .addColumn('width', size)
    .addColumn('height', size)
    .addColumn('weight', size)
    .$call(versioned)
    .execute();
  await index(db, 'sets', ['theme_id']);
  await index(db, 'sets', ['version']);

  // Instructions and original boxes of a set (the set inventory's tabs).
  await withId(db, db.schema.createTable('set_documents'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('set_id', 'integer', (c) => c.notNull().references('sets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('instruction', 'box')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bricklink_id', 'text')
    .addColumn('image_url', 'text')
    .addColumn('url', 'text')
    .$call(versioned)
    .execute();
  await index(db, 'set_documents', ['set_id']);
  await index(db, 'set_documents', ['version']);

  // An element is a part in a colour.
  await withId(db, db.schema.createTable('elements'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('part_id', 'integer', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('colour_id', 'integer', (c) => c.notNull().references('colours.id'))
    .addColumn('element_id', 'text') // the manufacturer's element number, when known
    .addColumn('image_url', 'text')
    .$call(versioned)
    .execute();
  await index(db, 'elements', ['part_id', 'colour_id'], { unique: true });
  await index(db, 'elements', ['colour_id']);
  await index(db, 'elements', ['version']);
}

async function inventories(db: Kysely<unknown>): Promise<void> {
  // Relations between parts: P print, R pair, B sub-part, M mould, T pattern, A alternate.
  await withId(db, db.schema.createTable('part_relations'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('rel_type', 'text', (c) =>
      c.notNull().check(sql`rel_type in ('P', 'R', 'B', 'M', 'T', 'A')`),
    )
    .addColumn('parent_part_id', 'integer', (c) =>
      c.notNull().references('parts.id').onDelete('cascade'),
    )
    .addColumn('child_part_id', 'integer', (c) =>
      c.notNull().references('parts.id').onDelete('cascade'),
    )
    .$call(versioned)
    .execute();
  await index(db, 'part_relations', ['rel_type', 'parent_part_id', 'child_part_id'], {
    unique: true,
    suffix: 'pair',
  });
  await index(db, 'part_relations', ['child_part_id']);
  await index(db, 'part_relations', ['version']);

  const links: [string, string, string, string][] = [
    ['set_in_set', 'parent_set_id', 'child_set_id', 'sets'],
    ['minifig_in_set', 'set_id', 'minifig_id', 'minifigs'],
    ['element_in_set', 'set_id', 'element_id', 'elements'],
    ['element_in_minifig', 'minifig_id', 'element_id', 'elements'],
  ];
  for (const [table, parentCol, childCol, childTable] of links) {
    const parentTable = parentCol === 'minifig_id' ? 'minifigs' : 'sets';
    let t = withId(db, db.schema.createTable(table))
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn(parentCol, 'integer', (c) =>
        c.notNull().references(`${parentTable}.id`).onDelete('cascade'),
      )
      .addColumn(childCol, 'integer', (c) =>
        c.notNull().references(`${childTable}.id`).onDelete('cascade'),
      )
      .addColumn('quantity', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`quantity >= 0`),
      );
    if (childTable === 'elements') {
      t = t
        .addColumn('extra_quantity', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`extra_quantity >= 0`),
        )
        .$call(flag('is_alternate', 0));
    }
    await t.$call(versioned).execute();
    const key =
      childTable === 'elements' ? [parentCol, childCol, 'is_alternate'] : [parentCol, childCol];
    await index(db, table, key, { unique: true, suffix: 'link' });
    await index(db, table, [childCol]);
    await index(db, table, ['version']);
  }
}

async function moulds(db: Kysely<unknown>): Promise<void> {
  // A mould is what the warehouse sells and stores (mold_id of trays and item variants): a part,
  // minifig, set, book, … Its id is numeric (a new tray's mold id is typed without dashes).
  // bl_mold_id is the BrickLink item number the BSX export writes.
  const size = 'numeric(10, 2)' as const;
  await withId(db, db.schema.createTable('moulds'))
    .addColumn('type_id', 'integer', (c) => c.notNull().defaultTo(2).references('item_types.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('bl_mold_id', 'text')
    .addColumn('rebrickable_id', 'text')
    .addColumn('brickowl_id', 'text')
    .addColumn('brickbase_uuid', 'text')
    .addColumn('part_id', 'integer', (c) => c.references('parts.id').onDelete('set null'))
    .addColumn('minifig_id', 'integer', (c) => c.references('minifigs.id').onDelete('set null'))
    .addColumn('set_id', 'integer', (c) => c.references('sets.id').onDelete('set null'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('theme_id', 'integer', (c) => c.references('themes.id').onDelete('set null'))
    .addColumn('year', 'integer')
    .addColumn('weight', size)
    .addColumn('dim_x', size)
    .addColumn('dim_y', size)
    .addColumn('dim_z', size)
    .addColumn('part_material', 'text')
    .addColumn('num_parts_set', 'integer')
    .addColumn('num_parts_fig', 'integer')
    .addColumn('num_figs', 'integer')
    .addColumn('rating', size)
    // The rarer catalog-info fields (ISBN, EAN, UPC, ASIN, eye_color, gender, …) as a JSON object.
    .addColumn('extra', 'text')
    .$call(versioned)
    .execute();
  await index(db, 'moulds', ['bl_mold_id']);
  await index(db, 'moulds', ['type_id', 'category_id']);
  await index(db, 'moulds', ['type_id', 'theme_id']);
  await index(db, 'moulds', ['brickbase_uuid']);
  await index(db, 'moulds', ['version']);
}

async function catalogAdministration(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('suggestions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'rejected', 'accepted')`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_uuid', 'text') // null for a new object or relation
    .addColumn('changes', 'text', (c) => c.notNull()) // JSON: field -> proposed value
    .$call(userRef('created_by_user_id'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .$call(userRef('reviewed_by_user_id'))
    .addColumn('reviewed_at', TIMESTAMP)
    .execute();
  await index(db, 'suggestions', ['status', 'created_at']);
  await index(db, 'suggestions', ['object_uuid']);

  // Catalog refresh runs: started -> busy_* stages -> completed | failed. locked_by/locked_until
  // let one of several servers claim a run and another take over a run whose server died.
  await withId(db, db.schema.createTable('controller_runs'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('started')
        .check(
          sql`status in ('started', 'busy_colours', 'busy_themes', 'busy_category', 'busy_sets', 'busy_minifigs', 'busy_parts', 'busy_elements', 'busy_relations', 'busy_inventory', 'completed', 'failed')`,
        ),
    )
    .$call(userRef('created_by_user_id'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('finished_at', TIMESTAMP)
    .addColumn('error', 'text')
    .addColumn('progress', 'text') // JSON: counts per stage
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', TIMESTAMP)
    .execute();
  await index(db, 'controller_runs', ['status', 'created_at']);
  await index(db, 'controller_runs', ['created_at']);

  // Changelog: one row per change to a catalog object; `changes` is JSON field -> {old, new}.
  await withId(db, db.schema.createTable('catalog_changes'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('model_uuid', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull()) // create | update | delete
    .$call(userRef('actor_user_id'))
    .addColumn('actor_name', 'text', (c) => c.notNull()) // kept when the user is gone
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('suggestion_id', 'integer', (c) =>
      c.references('suggestions.id').onDelete('set null'),
    )
    .addColumn('controller_run_id', 'integer', (c) =>
      c.references('controller_runs.id').onDelete('set null'),
    )
    .execute();
  await index(db, 'catalog_changes', ['model_uuid', 'created_at']);
  await index(db, 'catalog_changes', ['created_at']);
}

export const CATALOG_TABLES = [
  'catalog_changes',
  'controller_runs',
  'suggestions',
  'moulds',
  'element_in_minifig',
  'element_in_set',
  'minifig_in_set',
  'set_in_set',
  'part_relations',
  'elements',
  'set_documents',
  'sets',
  'minifigs',
  'parts',
  'categories',
  'themes',
  'colours',
  'picking_statuses',
  'order_statuses',
  'item_types',
  'conditions',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, CATALOG_TABLES);
}
