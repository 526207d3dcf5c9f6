import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { REQUEST_ID_LOG_FIELD } from './request-id';

/** `json`: one JSON object a line, for log collectors; `pretty`: short coloured lines for a person at a terminal. */
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** LOG_FORMAT when set, else pretty on a terminal and JSON everywhere else (pipes, files, services). */
export function parseLogFormat(value: string | undefined, isTerminal: boolean): LogFormat {
  if (!value) return isTerminal ? 'pretty' : 'json';
  if (!(LOG_FORMATS as readonly string[]).includes(value))
    throw new Error(`LOG_FORMAT must be pretty or json, got "${value}"`);
  return value as LogFormat;
}

/** Fields a pretty line never shows: process details, and the request objects the request line replaces. */
const PRETTY_HIDDEN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'err',
  'error',
  'req',
  'res',
  'responseTime',
]);
/** pino's level number of `error`: from there on a line shows its request id, the one a SERVER_ERROR answer quotes. */
const ERROR_LEVEL = 50;

function compactValue(value: unknown) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The message, then the entry's other fields as `key=value` on the same line; fields whose value the
 * message already says (the address and code of a development mail or SMS) are left out.
 */
export function prettyMessage(entry: Record<string, unknown>): string {
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  const extra = Object.entries(entry)
    .filter(([key]) => key !== REQUEST_ID_LOG_FIELD || Number(entry.level) >= ERROR_LEVEL)
    .filter(([key, value]) => !PRETTY_HIDDEN.has(key) && value !== undefined && !message.includes(compactValue(value)))
    .map(([key, value]) => `${key}=${compactValue(value)}`);
  return [message, ...extra].join('  ');
}

/** The logger options of the app: level, and in pretty mode a synchronous pino-pretty stream on stdout. */
export function loggerOptions(options: { level: string; format: LogFormat }): FastifyServerOptions['logger'] {
  if (options.format === 'json' || options.level === 'silent') return { level: options.level };
  const stream = pretty({
    // In-process and synchronous: nothing is lost when the process exits right after a line.
    sync: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    hideObject: true,
    messageFormat: (entry) => prettyMessage(entry),
  });
  return { level: options.level, stream };
}

/** Answers whose 5xx status is the expected one (a store closed at the end of its term answers 503): not failures. */
const expectedAnswers = new WeakSet<object>();

/**
 * Marks an answer as expected whatever its status: its request line is logged at info like the
 * other expected client errors, not at error, which is kept for failures someone must look at.
 */
export function markExpectedAnswer(reply: FastifyReply) {
  expectedAnswers.add(reply.raw);
}

/** The level of an answered request's line: error for a 5xx failure, info for everything else (marked expected answers included). */
export function requestLogLevel(reply: Pick<FastifyReply, 'statusCode' | 'raw'>): 'error' | 'info' {
  return reply.statusCode >= 500 && !expectedAnswers.has(reply.raw) ? 'error' : 'info';
}

/**
 * Pretty mode replaces Fastify's two request lines (with their request and response objects) by
 * one line per answered request: `GET /api/… 200 4 ms`.
 */
export function registerPrettyRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log[requestLogLevel(reply)](
      `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  });
}
