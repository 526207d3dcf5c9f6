import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` finish promptly with clients that keep connections alive (every browser).
 * Fastify closes the connections that are idle when it starts closing and answers new requests
 * with 503, but a connection busy with a request at that moment goes back to keep-alive once its
 * answer is sent, and the server then waits for it until its keep-alive timeout (72 s in Fastify):
 * that is what kept a stopping server alive long after SIGTERM. While closing, every answer says
 * `Connection: close` and connections are closed as soon as they fall idle, so close() returns
 * when the last in-flight request has been answered.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let isClosing = false;
  const closeIdleConnections = () => app.server.closeIdleConnections?.();
  app.addHook('preClose', async () => {
    isClosing = true;
    closeIdleConnections();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isClosing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    // The socket turns idle only after the answer is flushed, which happens after this hook.
    if (isClosing) setImmediate(closeIdleConnections);
  });
}
