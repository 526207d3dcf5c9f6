#!/usr/bin/env node
// A minimal SMTP server for browser tests: accepts every message the API sends through SMTP_URL and
// lists them over HTTP (GET /messages) so tests can read verification codes. Loopback only.
import http from 'node:http';
import net from 'node:net';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2527);
const messages = [];

/** Decodes the body of a single-part message as nodemailer writes one (base64 or quoted-printable). */
function decodeBody(raw) {
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split + 2);
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

net
  .createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { to: [], data: '' };
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 parlour-mail-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index;
      while ((index = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push({ to: current.to, text: decodeBody(current.data), receivedAt: new Date().toISOString() });
            current = { to: [], data: '' };
            reply('250 OK queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-parlour-mail-sink\r\n250 8BITMIME\r\n');
        else if (command === 'HELO') reply('250 parlour-mail-sink');
        else if (command === 'MAIL') reply('250 OK');
        else if (command === 'RCPT') {
          current.to.push(/<([^>]+)>/.exec(line)?.[1]?.toLowerCase() ?? '');
          reply('250 OK');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'RSET') {
          current = { to: [], data: '' };
          reply('250 OK');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => undefined);
  })
  .listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
      return;
    }
    response.statusCode = url.pathname === '/healthz' ? 200 : 404;
    response.end();
  })
  .listen(httpPort, '127.0.0.1', () => console.log(`mail sink: smtp ${smtpPort}, http ${httpPort}`));
