import { buildApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logging';
import { startupLines } from './startup';

const config = loadConfig();
const logger = createLogger({
  dataDir: config.dataDir,
  level: config.logLevel,
  stdout: config.logToStdout,
  format: config.logFormat,
});
for (const line of startupLines(config)) logger.info(line);

let app;
try {
  app = await buildApp(config, { logger });
} catch (err) {
  logger.error({ err }, 'could not start');
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`ready: open ${config.publicUrl} in a browser`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
