import { sql, type Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../dialect';
import {
  companyScoped,
  companyVersionIndex,
  dropTables,
  editTrail,
  flag,
  index,
  money,
  userRef,
  versioned,
} from './domain-columns';

const CONDITION = sql`condition in ('NEW', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE')`;
const COMPLETENESS = sql`completeness is null or completeness in ('SEALED', 'COMPLETE', 'INCOMPLETE')`;
/**
 * Hours are kept with two decimals (the forms round to two); numeric comes back as a number on both
 * dialects.
 */
const HOURS = 'numeric(10, 2)' as const;

/**
 * Company data of the warehouse floor and of digitizing:
 * item variants, the location tree with its content, projects, batches, trays and backups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await itemsAndLocations(db);
  await projectsBatchesTrays(db);
}

async function itemsAndLocations(db: Kysely<unknown>): Promise<void> {
  // An item (variant) is a mould in a colour and condition, with this company's notes and price.
  await withId(db, db.schema.createTable('items'))
    .$call(companyScoped)
    .addColumn('mold_id', 'integer', (c) => c.notNull().references('moulds.id'))
    .addColumn('colour_id', 'integer', (c) => c.notNull().references('colours.id'))
    .addColumn('condition', 'text', (c) =>
      c.notNull().references('conditions.condition_name').check(CONDITION),
    )
    .addColumn('completeness', 'text', (c) => c.check(COMPLETENESS))
    .addColumn('note_private', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note_public', 'text', (c) => c.notNull().defaultTo(''))
    .$call(money('price'))
    .$call(flag('is_public', 1))
    .addColumn('readable_id', 'text')
    .$call(editTrail)
    .$call(versioned)
    .execute();
  await companyVersionIndex(db, 'items');
  await index(db, 'items', ['company_id', 'mold_id', 'colour_id', 'condition'], {
    suffix: 'variant',
  });
  await index(db, 'items', ['company_id', 'readable_id']);

  // The location tree. The root of a company's tree has parent_id null (one per company; the
  // demo company's root is id 1). is_selected_new_location is 0/1; 2 (inherited) is derived from
  // an ancestor. Every location has a scannable code, unique within the company.
  await withId(db, db.schema.createTable('locations'))
    .$call(companyScoped)
    .addColumn('parent_id', 'integer', (c) => c.references('locations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .$call(flag('is_selected_new_location', 0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP)
    .$call(versioned)
    .addCheckConstraint('locations_not_own_parent', sql`parent_id is null or parent_id <> id`)
    .execute();
  await index(db, 'locations', ['company_id', 'code'], { unique: true });
  await index(db, 'locations', ['parent_id', 'sort_order']);
  await companyVersionIndex(db, 'locations');
  await db.schema
    .createIndex('locations_one_root_uq')
    .on('locations')
    .column('company_id')
    .unique()
    .where(sql.ref('parent_id'), 'is', null)
    .execute();

  // Stock: how many of an item lie at a location. colour_id repeats the item's colour (the
  // location-content calls address rows by it). Stock can never go negative.
  await withId(db, db.schema.createTable('location_content'))
    .$call(companyScoped)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('colour_id', 'integer', (c) => c.notNull().references('colours.id'))
    .addColumn('quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`quantity >= 0`),
    )
    .addColumn('updated_at', TIMESTAMP)
    .$call(versioned)
    .execute();
  await index(db, 'location_content', ['location_id', 'item_id'], { unique: true });
  await index(db, 'location_content', ['item_id']);
  await companyVersionIndex(db, 'location_content');
}

async function projectsBatchesTrays(db: Kysely<unknown>): Promise<void> {
  // Digitizing projects. Prices are thousandths; hours have two decimals. total_price is derived
  // (sum of the project's tray worth), not stored.
  await withId(db, db.schema.createTable('projects'))
    .$call(companyScoped)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('in progress')
        .check(sql`status in ('in progress', 'is archived')`),
    )
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .$call(money('main_purchase_price'))
    .$call(money('other_purchase_price'))
    .addColumn('sorting_hours', HOURS, (c) => c.notNull().defaultTo(0))
    .addColumn('other_hours', HOURS, (c) => c.notNull().defaultTo(0))
    .addColumn('digitizing_hours', HOURS, (c) => c.notNull().defaultTo(0))
    .addColumn('warehouse_hours', HOURS, (c) => c.notNull().defaultTo(0))
    .$call(editTrail)
    .execute();
  await index(db, 'projects', ['company_id', 'name'], { unique: true });

  // Batches of a project (digitizing; the same batches appear as warehouse batches).
  // write_permission_user_id is the claim on editing its trays.
  await withId(db, db.schema.createTable('batches'))
    .$call(companyScoped)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('in progress')
        .check(
          sql`status in ('being reviewed', 'in progress', 'ready for filling', 'filled', 'uploaded', 'completed')`,
        ),
    )
    .addColumn('digitizing_hours', HOURS, (c) => c.notNull().defaultTo(0))
    .addColumn('warehouse_hours', HOURS, (c) => c.notNull().defaultTo(0))
    .$call(editTrail)
    .$call(userRef('write_permission_user_id'))
    .addColumn('write_permission_since', TIMESTAMP)
    .$call(versioned)
    .execute();
  await index(db, 'batches', ['project_id', 'name'], { unique: true });
  await index(db, 'batches', ['company_id', 'status']);
  await companyVersionIndex(db, 'batches');

  // Trays of a batch. item_id is cleared when no variant matches mould, colour and condition.
  // location_id is where the tray was filled. Pending edits live on the client only.
  await withId(db, db.schema.createTable('trays'))
    .$call(companyScoped)
    .addColumn('batch_id', 'integer', (c) =>
      c.notNull().references('batches.id').onDelete('cascade'),
    )
    .addColumn('tray_nr', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('mold_id', 'integer', (c) => c.references('moulds.id'))
    .addColumn('colour_id', 'integer', (c) => c.references('colours.id'))
    .addColumn('condition', 'text', (c) =>
      c.references('conditions.condition_name').check(sql`condition is null or ${CONDITION}`),
    )
    .addColumn('quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity >= 0`),
    )
    .$call(money('price'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ready for filling')
        .check(sql`status in ('ready for filling', 'missing', 'filled', 'uploaded', 'reserve')`),
    )
    .$call(flag('accepted', 0))
    .$call(flag('is_public', 1))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .$call(editTrail)
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .$call(userRef('filled_by_user_id'))
    .addColumn('filled_at', TIMESTAMP)
    .$call(versioned)
    .execute();
  await index(db, 'trays', ['batch_id', 'tray_nr'], { unique: true });
  await index(db, 'trays', ['company_id', 'status']);
  await index(db, 'trays', ['item_id']);
  await companyVersionIndex(db, 'trays');

  // Backups: a JSON copy of a batch and its trays, restorable with RESET.
  await withId(db, db.schema.createTable('backups'))
    .$call(companyScoped)
    .addColumn('batch_id', 'integer', (c) =>
      c.notNull().references('batches.id').onDelete('cascade'),
    )
    .addColumn('date', TIMESTAMP, (c) => c.notNull())
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('json', 'text', (c) => c.notNull())
    .$call(userRef('creator_user_id'))
    .execute();
  await index(db, 'backups', ['batch_id', 'date']);
  await index(db, 'backups', ['company_id']);
}

export const WAREHOUSE_TABLES = [
  'backups',
  'trays',
  'batches',
  'projects',
  'location_content',
  'locations',
  'items',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, WAREHOUSE_TABLES);
}
