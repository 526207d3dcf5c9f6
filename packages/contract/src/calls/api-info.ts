import { z } from 'zod';
import { defineCall, ZEmptyInput } from '../call';

/** What the bare call answers: who is answering, and the server's clock. */
export const ZApiInfo = z.object({
  /** Always "Parlour API". */
  name: z.string(),
  /** The API's package version. */
  version: z.string(),
  /** The server's time, ISO 8601 in UTC. */
  server_time: z.string(),
  /** The same instant in milliseconds since the epoch, for clock-skew arithmetic. */
  server_time_ms: z.number().int(),
});
export type TApiInfo = z.infer<typeof ZApiInfo>;

/**
 * The bare `POST /api/v1` call of spec §7 (listed with the merchant calls): clients use it to check
 * that the API is reachable and how far their clock is from the server's. No session, no database.
 */
export const apiInfo = defineCall({
  path: '',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: false,
  summary:
    'Bare call: the API name and version and the server time (reachability and clock-skew check); no session, no database work',
  input: ZEmptyInput,
  output: ZApiInfo,
});
