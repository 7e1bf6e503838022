import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CA_CERTIFICATE_FILE,
  ConnectionAnswer,
  DeviceSetupAnswer,
  DeviceSetupMessages,
} from '../../../contract/device-setup';
import { notFound } from '../../errors';
import { routesOf } from '../../http/routes';
import { caCertificateDer, deviceSetup, httpsUrlFor } from './addresses';

/**
 * Setting up the warehouse's devices (docs/offline.md, "Devices on the warehouse Wi-Fi"): the
 * addresses and certificate authority a manager shows on the "Set up devices" page, the
 * certificate authority itself for a device that trusts nothing yet, and whether the address a
 * device is using is secure. Each reads only the server's HTTPS state and the request's host.
 */
export async function devicesModule(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'devices');

  api.get(
    '/device-setup',
    {
      access: ['admin', 'warehouse_manager'],
      summary: 'Where devices open the app over HTTPS and fetch the certificate authority to trust',
      answer: DeviceSetupAnswer,
    },
    async () => deviceSetup(app.tls(), app.config.publicUrl),
  );

  api.get(
    '/device-setup/ca.crt',
    {
      access: 'public',
      summary:
        'The certificate authority of this server (DER), for a device to install before it trusts the server',
      description: 'Public: a device downloads it before it can open the app over HTTPS.',
      answer: z.string(),
    },
    async ({ reply }) => {
      const der = caCertificateDer(app.tls());
      if (!der) throw notFound(DeviceSetupMessages.noOwnCa);
      return reply
        .header('Content-Type', 'application/x-x509-ca-cert')
        .header('Content-Disposition', `attachment; filename="${CA_CERTIFICATE_FILE}"`)
        .header('Cache-Control', 'no-cache')
        .send(der);
    },
  );

  api.get(
    '/connection',
    {
      access: 'public',
      summary: 'Whether this request came over HTTPS, and the app’s HTTPS address for this device',
      answer: ConnectionAnswer,
    },
    async ({ request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return {
        secure: request.protocol === 'https',
        httpsUrl: httpsUrlFor(app.tls(), app.config.publicUrl, request.hostname),
      };
    },
  );
}
