import { buildApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logging';
import { startupLines, tlsLines } from './startup';
import { serving } from './tls/serve';
import { startTlsSource } from './tls/source';

const config = loadConfig();
const logger = createLogger({
  dataDir: config.dataDir,
  level: config.logLevel,
  stdout: config.logToStdout,
  format: config.logFormat,
});
for (const line of startupLines(config)) logger.info(line);

let app;
let serve;
try {
  const tls = startTlsSource(config, logger);
  for (const line of tlsLines(config, tls?.info() ?? null)) logger.info(line);
  serve = serving(tls);
  app = await buildApp(config, {
    logger,
    tls: tls ? () => tls.info() : undefined,
    serverFactory: serve.serverFactory,
  });
  app.addHook('onClose', () => serve!.close());
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
  await app.listen({ port: config.httpsPort ?? config.port, host: config.host });
  await serve.listenPlain(config.port, config.host);
  app.log.info(
    config.httpsPort === null || config.publicUrl.startsWith(`http://localhost`)
      ? `ready: open ${config.publicUrl} in a browser`
      : `ready: open http://localhost:${config.port} on this machine, ${config.publicUrl} from phones and other machines`,
  );
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
