// How main.ts serves the app: plain HTTP on PORT alone (HTTPS_PORT=off), or HTTPS on HTTPS_PORT
// with the plain-HTTP port beside it (see plain-http.ts). Fastify listens on the HTTPS server;
// the plain-HTTP server hands loopback requests to the same Fastify handler.
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { FastifyServerFactory } from 'fastify';
import { plainHttpHandler } from './plain-http';
import type { TlsSource } from './source';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Serving {
  /** For buildApp: the HTTPS server Fastify runs on (undefined: plain HTTP only). */
  serverFactory?: FastifyServerFactory;
  /** Starts the plain-HTTP port beside HTTPS (after Fastify listens); a no-op without HTTPS. */
  listenPlain(port: number, host: string): Promise<void>;
  close(): Promise<void>;
}

export function serving(tls: TlsSource | null): Serving {
  if (!tls) return { listenPlain: async () => {}, close: async () => {} };
  let handler: Handler | undefined;
  let plain: Server | undefined;
  let timeouts: (server: Server) => void = () => {};
  const serverFactory: FastifyServerFactory = (fastifyHandler, options) => {
    handler = fastifyHandler;
    // The limits Fastify sets on a server it makes itself.
    timeouts = (server) => {
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
      if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
      server.setTimeout(connectionTimeout ?? 0);
    };
    const server = createHttpsServer(tls.current(), fastifyHandler);
    timeouts(server);
    tls.onChange(() => server.setSecureContext(tls.current()));
    return server;
  };
  return {
    serverFactory,
    async listenPlain(port, host) {
      if (!handler) throw new Error('the HTTPS server was not made yet');
      plain = createHttpServer(plainHttpHandler(handler, () => tls.info()));
      timeouts(plain);
      await new Promise<void>((done, fail) => {
        plain!.once('error', fail);
        plain!.listen(port, host, () => done());
      });
    },
    async close() {
      tls.close();
      if (!plain) return;
      const closing = new Promise<void>((done) => plain!.close(() => done()));
      plain.closeAllConnections();
      await closing;
    },
  };
}
