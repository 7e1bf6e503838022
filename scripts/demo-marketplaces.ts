// `npm run demo:marketplaces`: the local fake BrickLink and BrickOwl on fixed ports, a buyer's page
// to place orders on them, and the server (as `npm start` runs it) pointed at them, with the demo
// company's two stores given the fakes' credentials. Ctrl+C stops everything.
import { spawn } from 'node:child_process';
import { FAKE_BRICKLINK_CREDENTIALS } from '../tests/support/fake-bricklink';
import { FAKE_BRICKOWL_KEY } from '../tests/support/fake-brickowl';
import { startDemoBuyer } from './demo-marketplaces/buyer';
import { startDemoFakes } from './demo-marketplaces/fakes';
import { DEMO_PASSWORD, DEMO_SYNCER, giveDemoStoresCredentials } from './demo-marketplaces/stores';

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new Error(`${name} must be a port number, not '${process.env[name]}'`);
  return value;
};
const ports = {
  server: port('PORT', 8080),
  bricklink: port('DEMO_BRICKLINK_PORT', 4401),
  brickowl: port('DEMO_BRICKOWL_PORT', 4402),
  buyer: port('DEMO_BUYER_PORT', 4403),
};
const serverUrl = `http://127.0.0.1:${ports.server}`;

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${serverUrl}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

if (await healthy()) {
  console.error(
    `A server already answers at ${serverUrl}: stop it first (this command starts the server itself, pointed at the fakes).`,
  );
  process.exit(1);
}

const fakes = await startDemoFakes(ports);
const buyer = await startDemoBuyer(fakes, ports.buyer);
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(ports.server),
    BRICKLINK_API_URL: fakes.bricklink.url,
    BRICKOWL_API_URL: fakes.brickowl.url,
    // Orders placed on the buyer's page are imported within a minute.
    ORDER_INTAKE_MINUTES: process.env.ORDER_INTAKE_MINUTES ?? '1',
  },
});

let stopping = false;
async function stop(code: number): Promise<never> {
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await buyer.close();
  await fakes.close();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
server.on('exit', (code) => {
  if (!stopping) void stop(code ?? 1);
});

const deadline = Date.now() + 180_000; // the first run builds the PWA
while (!(await healthy())) {
  if (Date.now() > deadline) {
    console.error(`The server did not answer at ${serverUrl}.`);
    await stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
try {
  await giveDemoStoresCredentials(serverUrl, FAKE_BRICKLINK_CREDENTIALS, FAKE_BRICKOWL_KEY);
} catch (error) {
  console.error(`The demo stores could not be given credentials: ${(error as Error).message}`);
  await stop(1);
}
console.log(`
Demo marketplaces are running:
  fake BrickLink  ${fakes.bricklink.url}
  fake BrickOwl   ${fakes.brickowl.url}
  buyer's page    ${buyer.url}  (place orders on the lots you uploaded)
The demo stores 'Demo Bricks on BrickLink' and 'Demo Bricks on BrickOwl' now use them.
Open http://localhost:${ports.server} and sign in as ${DEMO_SYNCER} (password ${DEMO_PASSWORD}).
The fakes keep their lots and orders in memory: they start empty each time. Ctrl+C stops all.
`);
