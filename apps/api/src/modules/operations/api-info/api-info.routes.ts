import { readFileSync } from 'node:fs';
import { apiInfo } from '@parlour/contract/calls/api-info';
import type { Clock } from '../../../lib/clock';
import type { CallRegistrar } from '../../../platform/register-call';

/** The API package's version, read once at start (the server runs from source, beside its package.json). */
const API_VERSION: string = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
).version;

/** The bare /api/v1 call: who answers and the server's clock. No session, no database, nothing written. */
export function registerApiInfoRoutes(registrar: CallRegistrar, deps: { clock: Clock }) {
  registrar.register(apiInfo, async () => {
    const now = deps.clock.now();
    return { name: 'Parlour API', version: API_VERSION, server_time: now.toISOString(), server_time_ms: now.getTime() };
  });
}
