import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoFakes } from './fakes';

/**
 * The demo's buyer: a page listing the lots on the fake BrickLink and BrickOwl, each with a form
 * that buys some of it. An order placed here is what a buyer's order on the real site is: the lot
 * holds less and the order waits in the store's order list for the warehouse's order intake.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page({ bricklink, brickowl }: DemoFakes, told: string): string {
  const row = (market: string, lot: string, what: string, quantity: number, price: string) =>
    `<tr><td>${market}</td><td>${escape(what)}</td><td>${quantity}</td><td>${escape(price)}</td>` +
    `<td><form method="post" action="/buy"><input type="hidden" name="market" value="${market}">` +
    `<input type="hidden" name="lot" value="${escape(lot)}">` +
    `<input name="quantity" type="number" min="1" max="${quantity}" value="1" aria-label="Quantity">` +
    `<button>Buy</button></form></td></tr>`;
  const rows = [
    ...[...bricklink.inventory.values()].map((l) =>
      row(
        'BrickLink',
        String(l.inventory_id),
        `${l.item.type} ${l.item.no}, colour ${l.color_id}, ${l.new_or_used}`,
        l.quantity,
        l.unit_price,
      ),
    ),
    ...[...brickowl.lots.values()]
      .filter((l) => Number(l.quantity) > 0)
      .map((l) =>
        row(
          'BrickOwl',
          l.lot_id,
          `${l.boid}${l.color_id ? `, colour ${l.color_id}` : ''}, ${l.condition}`,
          Number(l.quantity),
          l.price,
        ),
      ),
  ];
  return `<!doctype html><meta charset="utf-8"><title>Demo buyer</title>
<h1>Demo buyer</h1><p>${escape(told)}</p>
<p>The lots on the fake marketplaces. An order waits for the warehouse's order intake.</p>
<table border="1" cellpadding="4"><tr><th>Marketplace</th><th>Lot</th><th>Quantity</th><th>Price</th><th></th></tr>
${rows.join('\n') || '<tr><td colspan="5">No lots yet: upload a sync batch first.</td></tr>'}
</table>`;
}

async function buy(fakes: DemoFakes, req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const quantity = Number(form.get('quantity'));
  const lot = form.get('lot') ?? '';
  if (form.get('market') === 'BrickLink')
    return `BrickLink order ${fakes.bricklink.sell([{ inventoryId: Number(lot), quantity }])} placed.`;
  return `BrickOwl order ${fakes.brickowl.sell([{ lotId: lot, quantity }])} placed.`;
}

/** Starts the buyer's page on 127.0.0.1:port; resolves its address and a way to stop it. */
export async function startDemoBuyer(
  fakes: DemoFakes,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const answer = async () => {
      let told = '';
      if (req.method === 'POST' && req.url === '/buy') {
        try {
          told = await buy(fakes, req);
        } catch (error) {
          told = (error as Error).message;
        }
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page(fakes, told));
    };
    void answer();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
