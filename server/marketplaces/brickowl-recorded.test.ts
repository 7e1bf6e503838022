import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brickowlCondition } from '../jobs/order-intake/market';
import { boLotList, boOrderItemList } from './brickowl/answers';
import { BrickOwlClient } from './brickowl/client';

/**
 * The BrickOwl client fed BrickOwl's recorded answers (tests/fixtures/marketplaces/brickowl/, each
 * with its source in the README there) by a small HTTP server: every field the warehouse uses is
 * read from the field BrickOwl sends it in.
 */
const FIXTURES = join(__dirname, '../../tests/fixtures/marketplaces/brickowl');
const recorded = (file: string): unknown =>
  JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as unknown;

/** endpoint → the answer the server gives (a fixture unless a test changes it). */
let answers: Record<string, unknown>;
let asked: { method: string; endpoint: string; params: URLSearchParams }[];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = new URL(req.url ?? '/', 'http://recorded');
      const endpoint = at.pathname.replace(/^\/v1\//, '');
      const params =
        req.method === 'POST'
          ? new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
          : at.searchParams;
      asked.push({ method: req.method ?? 'GET', endpoint, params });
      const answer = answers[endpoint];
      res.writeHead(answer === undefined ? 404 : 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer ?? { error: { status: 'Unknown method' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked = [];
  answers = {
    'order/list': recorded('order-list.json'),
    'order/view': recorded('order-view.json'),
    'order/items': recorded('order-items.json'),
    'inventory/list': recorded('inventory-list.json'),
    'inventory/create': recorded('inventory-create.json'),
    'inventory/update': recorded('inventory-update.json'),
    'inventory/delete': recorded('inventory-delete.json'),
    'catalog/id_lookup': recorded('catalog-id_lookup.json'),
    'catalog/color_list': recorded('catalog-color_list.json'),
    'bulk/batch': recorded('bulk-batch.json'),
  };
});

const client = () =>
  new BrickOwlClient({ baseUrl: url, key: 'k', retry: { attempts: 1, baseDelayMs: 1 } });

describe("BrickOwl client reading BrickOwl's recorded answers", () => {
  it('order/list: each order with its id, date (unix seconds) and status', async () => {
    expect(await client().listOrders()).toEqual([
      { orderId: '9277759', orderDate: '1398955037', status: 'Processing', statusId: '3' },
      { orderId: '3957411', orderDate: '1398954091', status: 'Processing', statusId: '3' },
      { orderId: '3506238', orderDate: '1398775922', status: 'Shipped', statusId: '5' },
    ]);
    expect(asked[0].params.get('list_type')).toBe('store');
  });

  it("order/view: the order's status", async () => {
    expect(await client().orderView('3506238')).toEqual({
      orderId: '3506238',
      orderTime: '1398775922',
      status: 'Processing',
      statusId: '3',
    });
  });

  it('order/items: quantity from ordered_quantity, condition "New"/"Used" with full_con, both shapes of external ids', async () => {
    const [tile, plate] = await client().orderItems('3506238');
    expect(tile).toEqual({
      lotId: '2726913',
      boid: '487300-38',
      name: 'LEGO Black Tile 1 x 2 with Groove (3069)',
      colourId: 38,
      quantity: 3,
      basePrice: '0.104',
      condition: 'new',
      isNew: true,
      externalId: '55984791',
      ids: expect.arrayContaining([{ id: '3069b', type: 'ldraw' }]) as unknown,
    });
    expect(plate).toMatchObject({
      lotId: '2726775',
      boid: '20603-50',
      colourId: 50,
      quantity: 1,
      basePrice: '0.887',
      condition: 'usedg',
      isNew: false,
      externalId: null,
    });
  });

  it('order/items without full_con: "New" is new, "Used" is used of no known grade', () => {
    const line = { boid: '1-2', ordered_quantity: '2', base_price: '0.5', lot_id: '9' };
    expect(boOrderItemList.parse([{ ...line, condition: 'New' }])[0]).toMatchObject({
      isNew: true,
      condition: 'new',
      quantity: 2,
    });
    expect(boOrderItemList.parse([{ ...line, condition: 'Used' }])[0]).toMatchObject({
      isNew: false,
      condition: null,
    });
  });

  it("order lines in the warehouse's conditions: new, or the used grade of full_con", async () => {
    const lines = await client().orderItems('3506238');
    expect(lines.map(brickowlCondition)).toEqual(['NEW', 'GOOD']);
    const line = { boid: '1-2', ordered_quantity: '1', base_price: '1', condition: 'Used' };
    const read = boOrderItemList.parse([
      { ...line, full_con: 'usedn' },
      { ...line, full_con: 'useda' },
      { ...line, full_con: 'usedc' },
      line,
      { ...line, condition: 'New', full_con: 'news' },
    ]);
    expect(read.map(brickowlCondition)).toEqual(['LIKE_NEW', 'ACCEPTABLE', 'GOOD', 'GOOD', 'NEW']);
  });

  it('inventory/list: quantity from qty, condition from full_con/con, external ids as {"other": …} and []', async () => {
    const lots = await client().listInventory({ activeOnly: false });
    expect(lots).toEqual([
      {
        lotId: '2726773',
        boid: '306255-64',
        quantity: 12,
        price: '0.720',
        condition: 'new',
        isNew: true,
        forSale: true,
        publicNote: '',
        personalNote: 'A03+',
        externalId: '55984821',
        salePercent: 0,
        bulkQty: 1,
        tiers: [],
      },
      expect.objectContaining({ lotId: '2726775', quantity: 41, externalId: '55984501' }),
      expect.objectContaining({
        lotId: '2726914',
        quantity: 7,
        price: '0.052',
        condition: 'usedg',
        isNew: false,
        externalId: null,
      }),
    ]);
    expect(asked[0].params.get('active_only')).toBe('0');
  });

  it('inventory/list: a lot with only con, numbers sent as numbers, not for sale', () => {
    const [lot] = boLotList.parse([
      { lot_id: 7, boid: '1', qty: 3, price: 0.5, con: 'usedn', for_sale: '0' },
    ]);
    expect(lot).toMatchObject({ lotId: '7', quantity: 3, price: '0.5', condition: 'usedn' });
    expect(lot).toMatchObject({ isNew: false, forSale: false, externalId: null });
  });

  it('inventory/create, update and delete: the new lot id, and a status', async () => {
    const bo = client();
    const lotId = await bo.createLot({
      boid: '487300',
      color_id: 38,
      quantity: 2,
      price: 0.1,
      condition: 'new',
    });
    expect(lotId).toBe('2726915');
    await bo.updateLot({ lot_id: lotId, relative_quantity: -1 });
    await bo.deleteLot({ lot_id: lotId });
    expect(asked.map((a) => `${a.method} ${a.endpoint}`)).toEqual([
      'POST inventory/create',
      'POST inventory/update',
      'POST inventory/delete',
    ]);
  });

  it('catalog/id_lookup: the BOIDs', async () => {
    expect(await client().idLookup('3069b')).toEqual(['487300']);
    answers['catalog/id_lookup'] = { boids: [] };
    expect(await client().idLookup('x')).toEqual([]);
  });

  it("catalog/color_list: BrickOwl's ids and names with the BrickLink ids", async () => {
    expect(await client().colourList()).toEqual([
      { id: 38, name: 'Black', blIds: [11] },
      { id: 50, name: 'Light Bluish Gray', blIds: [86] },
      { id: 64, name: 'Medium Blue', blIds: [42] },
    ]);
  });

  it('bulk/batch creates: the created lot ids; the refused lot as refused with its status and text', async () => {
    answers['bulk/batch'] = {
      responses: (recorded('bulk-batch.json') as { responses: unknown[] }).responses.slice(0, 3),
    };
    const lot = {
      boid: '487300',
      color_id: 38,
      quantity: 1,
      price: 0.1,
      condition: 'new' as const,
    };
    const results = await client().createLots([lot, { ...lot, condition: 'other' }, lot]);
    expect(results).toEqual([
      { ok: true, data: '2726916' },
      { ok: false, status: 400, error: 'Invalid condition' },
      { ok: true, data: '2726917' },
    ]);
    const sent = JSON.parse(asked[0].params.get('requests')!) as { requests: unknown[] };
    expect(sent.requests).toHaveLength(3);
  });

  it('bulk/batch id lookups: the BOIDs of each item; an item whose lookup was refused is left out', async () => {
    const entries = (recorded('bulk-batch.json') as { responses: unknown[] }).responses;
    answers['bulk/batch'] = { responses: [entries[3], entries[1]] };
    const found = await client().idLookupMany(['3069b', '9999']);
    expect([...found]).toEqual([['3069b', ['487300']]]);
  });

  it('bulk/batch read entry by entry, each with its own schema', async () => {
    const entries = (recorded('bulk-batch.json') as { responses: unknown[] }).responses;
    answers['bulk/batch'] = { responses: [entries[4]] };
    const request = { endpoint: 'inventory/list', request_method: 'GET' as const, params: [{}] };
    const [listed] = await client().batch([request], boLotList);
    expect(listed).toEqual({
      ok: true,
      data: [expect.objectContaining({ lotId: '2726773', quantity: 12, externalId: 'bw-17' })],
    });
  });

  it('bulk/batch as a bare list with code and req_num (another reading of the batch answer)', async () => {
    answers['bulk/batch'] = [
      { req_num: 2, code: 404, body: { error: 'Lot not found' } },
      { req_num: 1, code: 200, body: { lot_id: 11 } },
    ];
    const lot = { boid: '1', quantity: 1, price: 0.1, condition: 'new' as const };
    expect(await client().createLots([lot, lot])).toEqual([
      { ok: true, data: '11' },
      { ok: false, status: 404, error: 'Lot not found' },
    ]);
  });

  it('refuses answers of another shape with what did not fit', async () => {
    const bo = client();
    answers['inventory/list'] = [
      { lot_id: '1', boid: '2', quantity: '3', price: '0.1', con: 'new' },
    ];
    await expect(bo.listInventory()).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('0.qty'),
    });
    answers['order/items'] = [{ boid: '1', quantity: '2', base_price: '0.1', condition: 'New' }];
    await expect(bo.orderItems('1')).rejects.toThrow(/order\/items .*0\.ordered_quantity/);
    answers['inventory/list'] = [
      { lot_id: '1', boid: '2', qty: '3', price: '0.1', con: 'new', external_lot_ids: ['x'] },
    ];
    await expect(bo.listInventory()).rejects.toThrow(/0\.external_lot_ids/);
    answers['inventory/create'] = { status: 'Success' };
    await expect(
      bo.createLot({ boid: '1', quantity: 1, price: 1, condition: 'new' }),
    ).rejects.toThrow(/inventory\/create .*lot_id/);
    // A batch answered with the endpoints' own answers and no statuses is not read as created.
    answers['bulk/batch'] = [{ lot_id: '5' }];
    await expect(
      bo.createLots([{ boid: '1', quantity: 1, price: 1, condition: 'new' }]),
    ).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringMatching(/status_code/),
    });
    // An accepted create without its lot id: what the batch did is unknown.
    answers['bulk/batch'] = {
      responses: [{ endpoint: 'inventory/create', status_code: 200, body: {} }],
    };
    await expect(
      bo.createLots([{ boid: '1', quantity: 1, price: 1, condition: 'new' }]),
    ).rejects.toThrow(/request 1 of a batch \(inventory\/create\).*lot_id/);
    answers['bulk/batch'] = { responses: [] };
    await expect(
      bo.createLots([{ boid: '1', quantity: 1, price: 1, condition: 'new' }]),
    ).rejects.toThrow(/answered 0 of the 1 requests/);
  });
});
