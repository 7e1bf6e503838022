import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: app.dialect, dataDir: config.dataDir },
    'brick warehouse is running',
  );
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
