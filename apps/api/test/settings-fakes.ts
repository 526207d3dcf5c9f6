import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Local stand-ins for the providers behind the settings' test sends, each checking what the real
 * service checks and recording what it accepted. They listen on 127.0.0.1 only.
 */

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
function close(server: { close(callback: () => void): void }) {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** An SMTP server that requires AUTH with one user and password (plain connection, no STARTTLS). */
export async function startFakeSmtp(credentials: { user: string; password: string }) {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password)
        return callback(null, { user: auth.username });
      const error = new Error('5.7.8 Authentication credentials invalid') as Error & { responseCode: number };
      error.responseCode = 535;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  /** `connections()`: how many clients connected, whether or not they sent anything. */
  return { port, received, connections: () => connections, close: () => close(server) };
}

export interface ReceivedRobotMessage {
  key: string;
  contentType: string | undefined;
  body: unknown;
}

/** The WeCom group robot webhook: POST /cgi-bin/webhook/send?key=… with a JSON text message. */
export async function startFakeWecom(validKeys: string[]) {
  const received: ReceivedRobotMessage[] = [];
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const answer = (errcode: number, errmsg: string) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errcode, errmsg }));
    };
    const text = await readBody(request);
    if (request.method !== 'POST' || url.pathname !== '/cgi-bin/webhook/send') return answer(404, 'not found');
    const key = url.searchParams.get('key') ?? '';
    if (!validKeys.includes(key))
      return answer(
        93000,
        'invalid webhook url, hint: [1700000000_1], more info at https://open.work.weixin.qq.com/devtool/query?e=93000',
      );
    if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
      return answer(40008, 'invalid message type');
    let body: { msgtype?: unknown; text?: { content?: unknown } };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return answer(40000, 'invalid json');
    }
    if (body.msgtype !== 'text') return answer(40008, 'invalid message type');
    const content = body.text?.content;
    if (typeof content !== 'string' || content === '') return answer(44004, 'empty content');
    if (Buffer.byteLength(content) > 2048) return answer(45002, 'content size out of limit');
    received.push({ key, contentType: request.headers['content-type'], body });
    return answer(0, 'ok');
  });
  const baseUrl = await listen(server);
  return {
    baseUrl,
    received,
    webhookFor: (key: string) => `${baseUrl}/cgi-bin/webhook/send?key=${key}`,
    close: () => close(server),
  };
}

/**
 * RFC 3986 percent-encoding written independently of the adapter's: every UTF-8 byte outside
 * A-Z a-z 0-9 - _ . ~ becomes %XY.
 */
function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const character = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(character) ? character : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export interface ReceivedSms {
  params: Record<string, string>;
}

/**
 * Aliyun Dysmsapi SendSms (RPC style, signature version 1.0): recomputes the HMAC-SHA1 signature
 * from the sorted parameters, checks the public parameters, the timestamp window, the nonce's
 * uniqueness, the sign name and the template with its variable, as the real service does. The account has a
 * verification-code template (variable `code`) and may have a notice template (variable `time`).
 */
export async function startFakeAliyunSms(account: {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  noticeTemplateCode?: string;
}) {
  const templates = new Map([
    [account.templateCode, 'code'],
    ...(account.noticeTemplateCode ? [[account.noticeTemplateCode, 'time'] as const] : []),
  ]);
  const received: ReceivedSms[] = [];
  const nonces = new Set<string>();
  const server = http.createServer(async (request, response) => {
    const answer = (status: number, code: string, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990',
          Code: code,
          Message: message,
          ...(code === 'OK' ? { BizId: '900619746936498440^0' } : {}),
        }),
      );
    };
    const text = await readBody(request);
    if (request.method !== 'POST') return answer(400, 'UnsupportedHTTPMethod', 'This http method is not supported.');
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return answer(400, 'MissingParameter', 'Form body expected.');
    const params = Object.fromEntries(new URLSearchParams(text));
    for (const name of [
      'AccessKeyId',
      'Action',
      'Format',
      'PhoneNumbers',
      'SignName',
      'SignatureMethod',
      'SignatureNonce',
      'SignatureVersion',
      'TemplateCode',
      'Timestamp',
      'Version',
      'Signature',
    ]) {
      if (!params[name]) return answer(400, `Missing${name}`, `${name} is mandatory for this action.`);
    }
    if (params.Action !== 'SendSms' || params.Version !== '2017-05-25')
      return answer(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0')
      return answer(400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
    if (params.AccessKeyId !== account.accessKeyId)
      return answer(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const { Signature: signature, ...signed } = params;
    const canonical = Object.keys(signed)
      .sort()
      .map((name) => `${rfc3986(name)}=${rfc3986(signed[name])}`)
      .join('&');
    const expected = createHmac('sha1', `${account.accessKeySecret}&`)
      .update(`POST&${rfc3986('/')}&${rfc3986(canonical)}`)
      .digest('base64');
    if (signature !== expected)
      return answer(
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:POST&%2F&...`,
      );
    if (
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp) ||
      Math.abs(Date.parse(params.Timestamp) - Date.now()) > 15 * 60_000
    ) {
      return answer(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    if (nonces.has(params.SignatureNonce))
      return answer(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(params.SignatureNonce);
    if (params.SignName !== account.signName) return answer(200, 'isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const variable = templates.get(params.TemplateCode);
    if (!variable) return answer(200, 'isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    if (!/^(1[3-9]\d{9}|[1-9]\d{6,14})$/.test(params.PhoneNumbers))
      return answer(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    try {
      const templateParam = JSON.parse(params.TemplateParam ?? '{}') as Record<string, unknown>;
      if (typeof templateParam[variable] !== 'string')
        return answer(200, 'isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量');
    } catch {
      return answer(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    received.push({ params });
    return answer(200, 'OK', 'OK');
  });
  const baseUrl = await listen(server);
  return { baseUrl, received, close: () => close(server) };
}

/** Bytes of small real images and impostors for the upload tests. */
export const IMAGES = {
  // 1x1 PNG.
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  ),
  // 1x1 JPEG (SOI, APP0 JFIF, …).
  jpg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP////////////////////////////////////////////////////////' +
      '//////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

/** The upload endpoint: a multipart POST, outside the JSON calls of the contract. */
export const UPLOAD_URL = '/api/v1/admin/common/upload/image';

/** POSTs one file as the console does: FormData with `file` and `lang_code`. */
export async function uploadImage(
  app: { inject: (options: object) => Promise<{ statusCode: number; json: () => unknown; body: string }> },
  options: { token?: string; bytes: Buffer; name: string; type?: string; lang?: string; url?: string },
) {
  const form = new FormData();
  form.set('file', new Blob([options.bytes], { type: options.type ?? 'application/octet-stream' }), options.name);
  form.set('lang_code', options.lang ?? 'en-US');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: options.url ?? UPLOAD_URL,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
  return response.json() as {
    code: number;
    msg: string;
    data: { url: string; file_name: string; mime: string; size: number } | null;
  };
}
