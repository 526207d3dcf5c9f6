#!/usr/bin/env node
// A DNS server for browser tests (dns2, UDP and TCP on 127.0.0.1): the server under test resolves
// merchants' domains through it (DNS_SERVERS), and the tests publish records over HTTP as a
// merchant would at their DNS provider. Loopback only.
//   PUT    /records  {"name":"www.example.com","type":"CNAME","value":"shop.localhost"} adds a record
//   DELETE /records?name=www.example.com                                               drops a name's records
//   GET    /records                                                                    lists them
import http from 'node:http';
import dns2 from 'dns2';

const { Packet } = dns2;
const dnsPort = Number(process.env.DNS_SERVER_PORT ?? 2553);
const httpPort = Number(process.env.DNS_CONTROL_PORT ?? 2554);
const TYPES = ['A', 'AAAA', 'CNAME', 'TXT'];

/** name (lower case, no trailing dot) → records `{ type, value }`. */
const zone = new Map();
const normalise = (name) => String(name).toLowerCase().replace(/\.$/, '');

function resourceOf(name, record) {
  const base = { name, type: Packet.TYPE[record.type], class: Packet.CLASS.IN, ttl: 60 };
  if (record.type === 'CNAME') return { ...base, domain: record.value };
  if (record.type === 'TXT') return { ...base, data: record.value };
  return { ...base, address: record.value };
}

const server = dns2.createServer({
  udp: true,
  tcp: true,
  handle(request, send) {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = normalise(question?.name ?? '');
    const records = zone.get(name);
    if (!records || records.length === 0) {
      response.header.rcode = 3; // NXDOMAIN
    } else {
      const type = Object.keys(Packet.TYPE).find((key) => Packet.TYPE[key] === question.type);
      const exact = records.filter((record) => record.type === type);
      // A name holding a CNAME answers it for any other type, as an authoritative server does.
      const answers = exact.length > 0 ? exact : records.filter((record) => record.type === 'CNAME');
      for (const record of answers) response.answers.push(resourceOf(question.name, record));
    }
    send(response);
  },
});

await server.listen({ udp: { port: dnsPort, address: '127.0.0.1' }, tcp: { port: dnsPort, address: '127.0.0.1' } });

function readJson(request) {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(body || '{}'));
      } catch (error) {
        reject(error);
      }
    });
  });
}

http
  .createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
    const answer = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/healthz') return answer(200, { ok: true });
    if (url.pathname !== '/records') return answer(404, { error: 'not found' });
    if (request.method === 'GET') return answer(200, Object.fromEntries(zone));
    if (request.method === 'DELETE') {
      zone.delete(normalise(url.searchParams.get('name') ?? ''));
      return answer(200, { ok: true });
    }
    if (request.method === 'PUT') {
      const { name, type, value } = await readJson(request).catch(() => ({}));
      if (typeof name !== 'string' || !TYPES.includes(type) || typeof value !== 'string')
        return answer(400, { error: `name, type (${TYPES.join(', ')}) and value are required` });
      const key = normalise(name);
      zone.set(key, [...(zone.get(key) ?? []), { type, value: type === 'CNAME' ? normalise(value) : value }]);
      return answer(200, { ok: true });
    }
    return answer(405, { error: 'method not allowed' });
  })
  .listen(httpPort, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
