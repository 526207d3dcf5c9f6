import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { OutboundError, type OutboundPolicy, type ResolvedAddress } from './outbound-policy';

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange (DNS, connect, TLS, answer) must end within this long. */
  timeoutMs: number;
  /** The TCP connection must be open within this long (at most `timeoutMs`). */
  connectTimeoutMs?: number;
  /** The answer's body is refused past this many bytes. */
  maxBytes?: number;
  /** Certificate authorities to trust instead of the system's (tests with a self-signed fake). */
  ca?: string;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/** Hands node's connect the addresses the policy already checked, so it never asks DNS a second time. */
function pinnedLookup(hostname: string, addresses: ResolvedAddress[]): LookupFunction {
  return (name, options, callback) => {
    if (name !== hostname) return callback(new OutboundError('blocked', `unexpected lookup of ${name}`), '', 4);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  };
}

/**
 * An HTTP(S) request under the outbound policy: the URL's host resolved and checked, the
 * connection made only to the checked addresses (and the connected address checked again), no
 * redirects (a 3xx is an error), a connect and a total timeout, and a cap on the answer's size.
 * Fails with an {@link OutboundError}; an answer of any other status is returned to the caller.
 */
export async function outboundRequest(
  policy: OutboundPolicy,
  url: string,
  request: OutboundRequest,
): Promise<OutboundResponse> {
  const deadline = Date.now() + request.timeoutMs;
  const timeoutError = () => new OutboundError('timeout', `no answer within ${request.timeoutMs} ms`);
  let resolveTimer: NodeJS.Timeout | undefined;
  const resolved = await Promise.race([
    policy.resolveUrl(url),
    new Promise<never>((_resolve, reject) => {
      resolveTimer = setTimeout(() => reject(timeoutError()), request.timeoutMs);
    }),
  ]).finally(() => clearTimeout(resolveTimer));
  const target = resolved.url;
  const hostname = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const client = target.protocol === 'https:' ? https : http;

  return new Promise<OutboundResponse>((resolve, reject) => {
    let isDone = false;
    const finish = (error: OutboundError | null, response?: OutboundResponse) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(totalTimer);
      clearTimeout(connectTimer);
      if (error) {
        outgoing.destroy();
        reject(error);
      } else resolve(response!);
    };
    const remainingMs = Math.max(deadline - Date.now(), 1);
    const totalTimer = setTimeout(() => finish(timeoutError()), remainingMs);
    let isConnected = false;
    const connectTimer = setTimeout(
      () =>
        // A process that stalled (a busy machine) runs its timers before the I/O that arrived
        // meanwhile: the verdict waits for this turn's I/O, so a connection made in time is not a timeout.
        setImmediate(() => {
          if (!isConnected)
            finish(
              new OutboundError(
                'timeout',
                `no connection within ${request.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS} ms`,
              ),
            );
        }),
      Math.min(request.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, remainingMs),
    );

    const outgoing = client.request(target, {
      method: request.method ?? 'GET',
      headers: {
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }),
      },
      lookup: pinnedLookup(hostname, resolved.addresses),
      // A fresh connection each time: a pooled socket was checked for another host.
      agent: false,
      ...(request.ca ? { ca: request.ca } : {}),
    });
    outgoing.on('socket', (socket: Socket) => {
      const onConnect = () => {
        isConnected = true;
        clearTimeout(connectTimer);
        // The address actually connected to, checked again before anything is read from it.
        try {
          if (socket.remoteAddress) policy.checkAddress(socket.remoteAddress);
        } catch (error) {
          finish(error as OutboundError);
        }
      };
      if (socket.connecting) socket.once('connect', onConnect);
      else onConnect();
    });
    outgoing.on('error', (error: Error & { code?: string }) => {
      if (error instanceof OutboundError) return finish(error);
      finish(new OutboundError('network', error.code ? `${error.code}` : error.message, { cause: error }));
    });
    outgoing.on('response', (incoming) => {
      const status = incoming.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        incoming.resume();
        return finish(
          new OutboundError(
            'redirect',
            `HTTP ${status} to ${incoming.headers.location ?? '(no location)'} not followed`,
          ),
        );
      }
      const declared = Number(incoming.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes)
        return finish(new OutboundError('too_large', `the answer declares ${declared} bytes, more than ${maxBytes}`));
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes)
          return finish(new OutboundError('too_large', `the answer is larger than ${maxBytes} bytes`));
        chunks.push(chunk);
      });
      incoming.on('error', (error) => finish(new OutboundError('network', error.message, { cause: error })));
      incoming.on('end', () =>
        finish(null, {
          status,
          statusText: incoming.statusMessage ?? '',
          headers: incoming.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.end(request.body);
  });
}
