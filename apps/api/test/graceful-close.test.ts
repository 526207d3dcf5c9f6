import { merchantLogin } from '@parlour/contract/calls/account';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper';

describe('closing the server', () => {
  it('answers the request in flight with Connection: close and closes without waiting for the keep-alive timeout', async () => {
    const t = await buildTestApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      // A request whose body is still arriving when the close starts: it is in flight.
      const body = JSON.stringify({ account: 'nobody@example.com', password: 'Wrong#Pass1' });
      const answered = new Promise<{ status?: number; connection?: string; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/v1/${merchantLogin.path}`,
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode, connection: response.headers.connection, body: text }),
            );
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 10));
        setTimeout(() => request.end(body.slice(10)), 500);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closeStartedAt = Date.now();
      const closed = t.app.close();
      const answer = await answered;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 11001 });
      expect(answer.connection).toBe('close');
      await closed;
      // Fastify keeps idle connections 72 s; the close must not wait for that.
      expect(Date.now() - closeStartedAt).toBeLessThan(5_000);
    } finally {
      agent.destroy();
      await t.close();
    }
  });
});
