import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { thousandths } from '../jobs/order-intake/catalog';
import { refusedForGood } from '../jobs/upload/bricklink';
import { mayHaveCreated } from '../jobs/upload/settle';
import { BrickLinkClient, blPrice } from './bricklink/client';
import type { BlNewInventory } from './bricklink/types';
import { BrickLinkError } from './errors';

/**
 * The BrickLink client against BrickLink's recorded answers (tests/fixtures/marketplaces/bricklink/),
 * served as they are by a local server: every field the product reads is read right, and an answer
 * in another shape fails clearly.
 */

const FIXTURES = new URL('../../tests/fixtures/marketplaces/bricklink/', import.meta.url);
const recorded = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

interface Served {
  /** The body: a fixture's name, or text as it is. */
  body: string;
  status?: number;
}
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

let server: Server;
let base = '';
const routes = new Map<string, Served>();
const seen: Seen[] = [];

/** Answers `method path` with a recorded file (or a raw body), HTTP 200 unless told otherwise. */
function serve(method: string, path: string, body: string, status = 200) {
  routes.set(`${method} ${path}`, { body: body.endsWith('.json') ? recorded(body) : body, status });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://recorded');
      const path = url.pathname.replace(/^\/api\/store\/v1/, '');
      const text = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: req.method ?? 'GET',
        path,
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
      });
      const route = routes.get(`${req.method} ${path}`);
      if (!route) {
        res.writeHead(599).end();
        return;
      }
      res.writeHead(route.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(route.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/store/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  routes.clear();
  seen.length = 0;
});

const client = () =>
  new BrickLinkClient({
    baseUrl: base,
    credentials: { consumerKey: 'ck', consumerSecret: 'cs', tokenValue: 'tv', tokenSecret: 'ts' },
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
const lastSeen = () => seen[seen.length - 1];
const lot: BlNewInventory = {
  item: { no: '3023', type: 'PART' },
  color_id: 5,
  quantity: 120,
  new_or_used: 'N',
  unit_price: blPrice(0.03),
  description: '',
  remarks: 'H4-C12 [bw-1077]',
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('the BrickLink client reads the recorded store lots', () => {
  it('lists lots: ids, quantities, prices, and remarks and descriptions unescaped', async () => {
    serve('GET', '/inventories', 'inventories-list.json');
    const lots = await client().listInventories();
    expect(lots).toEqual([
      {
        inventory_id: 412377852,
        item: { no: '3001', type: 'PART' },
        color_id: 11,
        quantity: 48,
        new_or_used: 'U',
        unit_price: '0.1250',
        description: 'Clean, no bite marks',
        remarks: 'H1-A01 [bw-1042]',
        bulk: 1,
        is_retain: false,
        is_stock_room: false,
        sale_rate: 0,
        tier_quantity1: 0,
        tier_price1: '0.0000',
        tier_quantity2: 0,
        tier_price2: '0.0000',
        tier_quantity3: 0,
        tier_price3: '0.0000',
      },
      {
        inventory_id: 412377853,
        item: { no: '3069b', type: 'PART' },
        color_id: 86,
        quantity: 250,
        new_or_used: 'N',
        unit_price: '0.0420',
        description: 'Bags of 50 (sealed)',
        remarks: "Don't split H2-B07 [bw-1043]",
        bulk: 50,
        is_retain: true,
        is_stock_room: false,
        sale_rate: 10,
        tier_quantity1: 100,
        tier_price1: '0.0380',
        tier_quantity2: 200,
        tier_price2: '0.0350',
        tier_quantity3: 0,
        tier_price3: '0.0000',
      },
      {
        inventory_id: 412377901,
        item: { no: '6020-1', type: 'SET' },
        color_id: 0,
        quantity: 1,
        new_or_used: 'U',
        unit_price: '34.9500',
        description: 'Complete with instructions, no box',
        remarks: 'SHELF-3 [bw-1051]',
        bulk: 1,
        is_retain: false,
        is_stock_room: true,
        stock_room_id: 'B',
        sale_rate: 0,
        tier_quantity1: 0,
        tier_price1: '0.0000',
        tier_quantity2: 0,
        tier_price2: '0.0000',
        tier_quantity3: 0,
        tier_price3: '0.0000',
      },
    ]);
    // As the stock check and the upload read them: prices in thousandths, our mark at the end.
    expect(lots.map((l) => thousandths(l.unit_price))).toEqual([125, 42, 34950]);
    expect(lots.map((l) => /\[(bw-\d+)\]\s*$/.exec(l.remarks ?? '')?.[1])).toEqual([
      'bw-1042',
      'bw-1043',
      'bw-1051',
    ]);
  });

  it('reads one lot’s quantity, and an unknown lot as RESOURCE_NOT_FOUND', async () => {
    serve('GET', '/inventories/412377852', 'inventory-get.json');
    expect((await client().getInventory(412377852)).quantity).toBe(46);
    serve('GET', '/inventories/1', 'resource-not-found.json');
    const error = await refusal(client().getInventory(1));
    expect(error).toBeInstanceOf(BrickLinkError);
    expect(error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', status: 404, retryable: false });
    expect((error as Error).message).toContain('The resource you requested does not exist.');
  });

  it('reads a refusal the same when it comes with its HTTP status', async () => {
    serve('GET', '/inventories/1', 'resource-not-found.json', 404);
    await expect(client().getInventory(1)).rejects.toMatchObject({
      code: 'RESOURCE_NOT_FOUND',
      status: 404,
    });
  });

  it('creates one lot and reads its new id (201)', async () => {
    serve('POST', '/inventories', 'inventory-create.json');
    const created = await client().createInventory(lot);
    expect(created.inventory_id).toBe(412380117);
    expect(lastSeen()).toMatchObject({ method: 'POST', path: '/inventories', body: lot });
  });

  it('creates several lots: 201 with an empty data, no data, or no body at all', async () => {
    for (const body of [
      'inventories-create-many.json',
      '{"meta":{"description":"OK_CREATED","message":"OK_CREATED","code":201}}',
      '',
    ]) {
      serve('POST', '/inventories', body);
      await expect(client().createInventories([lot, lot])).resolves.toBeUndefined();
      expect(lastSeen().body).toEqual([lot, lot]);
    }
  });

  it('a refused create is PARAMETER_MISSING_OR_INVALID, refused for good, and created nothing', async () => {
    serve('POST', '/inventories', 'inventory-create-refused.json');
    const error = await refusal(client().createInventory(lot));
    expect(error).toMatchObject({
      code: 'PARAMETER_MISSING_OR_INVALID',
      status: 400,
      retryable: false,
    });
    expect((error as Error).message).toContain('One of the parameters specified is invalid');
    expect(mayHaveCreated(error)).toBe(false);
    expect(refusedForGood(error)).toBe(true);
  });

  it('changes a lot by a signed quantity and reads nothing of the answer', async () => {
    serve('PUT', '/inventories/412377852', 'inventory-update.json');
    await expect(
      client().updateInventory(412377852, { quantityChange: -2, unit_price: blPrice(0.13) }),
    ).resolves.toBeUndefined();
    expect(lastSeen().body).toEqual({ unit_price: '0.1300', quantity: '-2' });
    // A change BrickLink made stands even if its answer is odd.
    serve('PUT', '/inventories/412377852', '{"meta":{"code":200},"data":{"quantity":"x"}}');
    await expect(client().updateInventory(412377852, { quantityChange: 3 })).resolves.toBe(
      undefined,
    );
    expect(lastSeen().body).toEqual({ quantity: '+3' });
  });

  it('deletes a lot: 204 with an empty data, or an empty body', async () => {
    serve('DELETE', '/inventories/412377852', 'inventory-delete.json');
    await expect(client().deleteInventory(412377852)).resolves.toBeUndefined();
    serve('DELETE', '/inventories/412377852', '', 204);
    await expect(client().deleteInventory(412377852)).resolves.toBeUndefined();
    serve('DELETE', '/inventories/412377852', 'resource-not-found.json');
    await expect(client().deleteInventory(412377852)).rejects.toMatchObject({ status: 404 });
  });

  it('a bad signature is BAD_OAUTH_REQUEST, with what BrickLink said was wrong', async () => {
    serve('GET', '/inventories', 'bad-oauth-request.json');
    const error = await refusal(client().listInventories());
    expect(error).toMatchObject({ code: 'BAD_OAUTH_REQUEST', status: 401, retryable: false });
    expect((error as Error).message).toContain('SIGNATURE_INVALID: Invalid Signature');
    expect(refusedForGood(error)).toBe(false);
  });
});

describe('the BrickLink client reads the recorded orders', () => {
  it('lists orders received: id, date, buyer, status; asks for direction=in and the statuses', async () => {
    serve('GET', '/orders', 'orders-list.json');
    const orders = await client().listOrders({ status: 'PENDING,PAID' });
    expect(orders).toEqual([
      {
        order_id: 26841173,
        date_ordered: '2026-05-04T18:22:09.753Z',
        buyer_name: 'brickfan_anna',
        status: 'PAID',
      },
      {
        order_id: 26841502,
        date_ordered: '2026-05-05T07:03:44.210Z',
        buyer_name: 'mocbuilder77',
        status: 'PENDING',
      },
    ]);
    expect(Object.fromEntries(lastSeen().query)).toEqual({
      direction: 'in',
      status: 'PENDING,PAID',
    });
  });

  it('reads a buyer BrickLink names as null', async () => {
    const body = JSON.parse(recorded('orders-list.json'));
    body.data[0].buyer_name = null;
    serve('GET', '/orders', JSON.stringify(body));
    expect((await client().listOrders())[0].buyer_name).toBeNull();
  });

  it('reads one order’s status, and an unknown order as RESOURCE_NOT_FOUND', async () => {
    serve('GET', '/orders/26841173', 'order-get.json');
    expect((await client().getOrder(26841173)).status).toBe('PACKED');
    serve('GET', '/orders/1', 'resource-not-found.json');
    await expect(client().getOrder(1)).rejects.toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
  });

  it('reads an order’s items in their two batches', async () => {
    serve('GET', '/orders/26841173/items', 'order-items.json');
    const batches = await client().orderItems(26841173);
    expect(batches.map((b) => b.length)).toEqual([2, 1]);
    expect(batches.flat()).toEqual([
      {
        inventory_id: 412377852,
        item: { no: '3001', type: 'PART' },
        color_id: 11,
        quantity: 2,
        new_or_used: 'U',
        unit_price: '0.1250',
      },
      {
        inventory_id: 412377853,
        item: { no: '3069b', type: 'PART' },
        color_id: 86,
        quantity: 2,
        new_or_used: 'N',
        unit_price: '0.0420',
      },
      {
        inventory_id: 412377901,
        item: { no: '6020-1', type: 'SET' },
        color_id: 0,
        quantity: 1,
        new_or_used: 'U',
        unit_price: '34.9500',
      },
    ]);
  });
});

describe('the BrickLink client reads the recorded price guides', () => {
  it.each([
    ['sold', 'price-guide-sold.json', [90, 122, 155, 103, 3, 160]],
    ['stock', 'price-guide-stock.json', [60, 140, 220, 79, 2, 340]],
  ] as const)('reads the %s guide', async (guideType, file, expected) => {
    serve('GET', '/items/PART/3001/price', file);
    const guide = await client().priceGuide('PART', '3001', {
      colorId: 11,
      guideType,
      newOrUsed: 'U',
      currencyCode: 'EUR',
    });
    expect(guide.currency_code).toBe('EUR');
    expect([
      thousandths(guide.min_price),
      thousandths(guide.avg_price),
      thousandths(guide.max_price),
      thousandths(guide.qty_avg_price),
      guide.unit_quantity,
      guide.total_quantity,
    ]).toEqual(expected);
    expect(Object.fromEntries(lastSeen().query)).toEqual({
      color_id: '11',
      guide_type: guideType,
      new_or_used: 'U',
      currency_code: 'EUR',
    });
  });

  it('an item BrickLink does not know is RESOURCE_NOT_FOUND', async () => {
    serve('GET', '/items/PART/nope/price', 'resource-not-found.json');
    await expect(
      client().priceGuide('PART', 'nope', {
        colorId: 0,
        guideType: 'sold',
        newOrUsed: 'N',
        currencyCode: 'EUR',
      }),
    ).rejects.toMatchObject({ code: 'RESOURCE_NOT_FOUND', status: 404 });
  });
});

describe('an answer in another shape than BrickLink’s fails clearly', () => {
  const changed = (file: string, change: (body: { data: unknown }) => void) => {
    const body = JSON.parse(recorded(file));
    change(body);
    return JSON.stringify(body);
  };

  it('names the field: a price as a number, a quantity missing, an unknown condition', async () => {
    serve(
      'GET',
      '/inventories',
      changed('inventories-list.json', (b) => {
        (b.data as Record<string, unknown>[])[1].unit_price = 0.042;
      }),
    );
    const error = await refusal(client().listInventories());
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', status: 200, retryable: false });
    expect((error as Error).message).toMatch(/GET \/inventories.*data\[1\]\.unit_price/);

    serve(
      'GET',
      '/inventories/412377852',
      changed('inventory-get.json', (b) => {
        delete (b.data as Record<string, unknown>).quantity;
      }),
    );
    await expect(client().getInventory(412377852)).rejects.toThrow(/data\.quantity/);

    serve(
      'GET',
      '/orders/26841173/items',
      changed('order-items.json', (b) => {
        (b.data as Record<string, unknown>[][])[1][0].new_or_used = 'X';
      }),
    );
    await expect(client().orderItems(26841173)).rejects.toThrow(/data\[1\]\[0\]\.new_or_used/);
  });

  it('order items as one flat list instead of batches', async () => {
    serve(
      'GET',
      '/orders/26841173/items',
      changed('order-items.json', (b) => {
        b.data = (b.data as unknown[][]).flat();
      }),
    );
    await expect(client().orderItems(26841173)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('no envelope, no JSON, or no body where data is read', async () => {
    serve('GET', '/orders', recorded('orders-list.json').replace('"meta"', '"status"'));
    await expect(client().listOrders()).rejects.toThrow(/without its envelope.*answer\.meta/);
    serve('GET', '/orders', '<html>maintenance</html>');
    await expect(client().listOrders()).rejects.toThrow(/no JSON/);
    serve('GET', '/orders', '');
    await expect(client().listOrders()).rejects.toThrow(/no body/);
  });

  it('a create answered in another shape may have created the lot: it is looked up, not refused', async () => {
    serve('POST', '/inventories', '{"meta":{"code":201,"message":"OK_CREATED"},"data":{}}');
    const error = await refusal(client().createInventory(lot));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE' });
    expect(mayHaveCreated(error)).toBe(true);
  });

  it('a gateway’s error page is read by its HTTP status', async () => {
    serve('GET', '/orders', '<html>Bad Gateway</html>', 502);
    await expect(client().listOrders()).rejects.toMatchObject({ code: 'HTTP_502', status: 502 });
  });
});
