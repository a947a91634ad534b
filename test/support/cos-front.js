#!/usr/bin/env node
/*
 * The COS front end of the run-time judges (test support, Node standard library only):
 *
 *   node cos-front.js cos <moto-url> <cert.pem> <key.pem> <log.jsonl>
 *   node cos-front.js oss <moto-url> <port> <log.jsonl>
 *
 * Serves, on 127.0.0.1:443 (TLS, with the certificate the test made) and 127.0.0.1:80, the hosts the
 * Terraform/OpenTofu cos backend calls, in a namespace whose /etc/hosts points them here:
 *
 * - `<bucket>.cos.<region>.myqcloud.com`, `<bucket>.cos.accelerate.myqcloud.com` and
 *   `<bucket>.cos-internal.<region>.tencentcos.cn` (the `endpoint` form): forwarded to moto's S3
 *   server path-style (`/<bucket>/<key>`). Request headers `x-cos-*` go to moto as `x-amz-*`
 *   (`x-cos-meta-md5`, where the backend keeps its checksum, `x-cos-acl`,
 *   `x-cos-server-side-encryption`) and moto's `x-amz-*` come back as `x-cos-*`. The COS signature
 *   (`Authorization: q-sign-algorithm=sha1&q-ak=...`) is replaced by an S3-shaped one, because moto
 *   picks the service from the Authorization header's shape. PUT and GET answers carry
 *   `x-cos-hash-crc64ecma`, the CRC-64/ECMA (Go's `crc64.ECMA`) of the body sent or returned:
 *   the COS SDK refuses a write whose answer lacks it or disagrees.
 * - `tag.<domain>`: a fake Tencent Cloud Tag API (the JSON API, action in `X-TC-Action`):
 *   `CreateTag` (fails with `ResourceInUse.TagDuplicate` when the pair exists: the backend uses it
 *   as a mutex around its `.tflock` object), `DescribeTags` (filtered by key and value) and
 *   `DeleteTag`. Other actions answer `InvalidAction`.
 *
 * Every request is logged as one JSON line (host, TLS or not, method, path, the `x-cos-*` headers,
 * which signature scheme and access key id the Authorization header names, the Tag action and its
 * key and value, the status), so tests can assert what the tool really sent.
 *
 * In `oss` mode it only listens on 127.0.0.1:<port> (HTTP) and passes the OSS SDK's path-style
 * requests to moto unchanged but for the Authorization header: moto reads the OSS signature
 * (`OSS <key id>:<base64>`) as a SigV4 credential scope whenever the base64 holds four slashes, and
 * then answers 500. The `x-oss-*` headers are logged, not mapped (moto ignores them).
 *
 * Limits, on purpose: no signature is checked (any key works), and ACLs and server-side encryption
 * are only passed on to moto, which records them and enforces neither. Storage, listing and 404s
 * are moto's. Only what the cos backend uses is mapped: no multipart upload, no COS-only APIs.
 */
'use strict';
const fs = require('fs');
const http = require('http');
const https = require('https');

const [mode, motoUrl, ...rest] = process.argv.slice(2);
const [certFile, keyFile, logFile] = mode === 'oss' ? [undefined, undefined, rest[1]] : rest;
if (!logFile || !['cos', 'oss'].includes(mode)) {
  process.stderr.write('usage: node cos-front.js cos <moto-url> <cert.pem> <key.pem> <log.jsonl> | oss <moto-url> <port> <log.jsonl>\n');
  process.exit(2);
}
const moto = new URL(motoUrl);

// CRC-64/ECMA as Go's hash/crc64 computes it with crc64.ECMA (reflected 0xC96C5795D7870F42,
// initial value and final xor all ones), on BigInt.
const POLY = 0xc96c5795d7870f42n;
const MASK = 0xffffffffffffffffn;
const TABLE = Array.from({ length: 256 }, (_, i) => {
  let c = BigInt(i);
  for (let k = 0; k < 8; k++) c = c & 1n ? (c >> 1n) ^ POLY : c >> 1n;
  return c;
});
function crc64(buffer) {
  let crc = MASK;
  for (const byte of buffer) crc = TABLE[Number((crc ^ BigInt(byte)) & 0xffn)] ^ (crc >> 8n);
  return (crc ^ MASK).toString();
}

const COS_HOST = /^([a-z0-9-]+)\.(?:cos\.[a-z0-9-]+\.myqcloud\.com|cos-internal\.[a-z0-9-]+\.tencentcos\.cn)$/;

function log(entry) {
  fs.appendFileSync(logFile, JSON.stringify(entry) + '\n');
}

function readBody(req) {
  return new Promise((done, fail) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

/** The scheme and key id an Authorization header names (never the signature). */
function describeAuth(value) {
  if (!value) return { scheme: 'none' };
  if (value.startsWith('q-sign-algorithm=')) {
    const p = new URLSearchParams(value);
    return { scheme: `q-sign-algorithm=${p.get('q-sign-algorithm')}`, keyId: p.get('q-ak'), headers: p.get('q-header-list') };
  }
  const oss = /^OSS ([^:\s]+):/.exec(value);
  if (oss) return { scheme: 'OSS', keyId: oss[1] };
  const m = /^(\S+) Credential=([^/,\s]+)/.exec(value);
  return m ? { scheme: m[1], keyId: m[2] } : { scheme: value.split(' ')[0] };
}

function dialectHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => /^x-(cos|oss)-/.test(k) && !/-security-token$/.test(k)));
}

const tags = new Set();

function tagApi(req, body, entry, res) {
  const action = req.headers['x-tc-action'];
  let input = {};
  try {
    input = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    // an unparsable body is answered below as an unknown pair
  }
  const pair = `${input.TagKey}\u0000${input.TagValue}`;
  Object.assign(entry, { action, tagKey: input.TagKey, tagValue: input.TagValue, region: req.headers['x-tc-region'] });
  const requestId = `front-${entry.n}`;
  let response;
  if (action === 'CreateTag') {
    response = tags.has(pair)
      ? { Error: { Code: 'ResourceInUse.TagDuplicate', Message: `tag ${input.TagKey}:${input.TagValue} already exists` } }
      : (tags.add(pair), {});
  } else if (action === 'DeleteTag') {
    response = tags.delete(pair) ? {} : { Error: { Code: 'ResourceNotFound.TagNonExist', Message: `tag ${input.TagKey}:${input.TagValue} does not exist` } };
  } else if (action === 'DescribeTags') {
    const found = [...tags].map((t) => t.split('\u0000'))
      .filter(([k, v]) => (input.TagKey === undefined || k === input.TagKey) && (input.TagValue === undefined || v === input.TagValue))
      .map(([k, v]) => ({ TagKey: k, TagValue: v, CanDelete: 1 }));
    response = { TotalCount: found.length, Offset: 0, Limit: 15, Tags: found };
  } else {
    response = { Error: { Code: 'InvalidAction', Message: `the test front end has no action ${action}` } };
  }
  entry.error = response.Error?.Code;
  entry.status = 200;
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ Response: { ...response, RequestId: requestId } }));
}

/** Sends a request on to moto at `path`; `cos` maps the header dialect and adds the CRC-64. */
function forward(req, body, path, cos, entry, res) {
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (['host', 'authorization', 'connection'].includes(k)) continue;
    headers[cos && k.startsWith('x-cos-') ? `x-amz-${k.slice(6)}` : k] = v;
  }
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${entry.auth.keyId ?? 'front'}/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=0`;
  headers['content-length'] = String(body.length);
  const out = http.request({ host: moto.hostname, port: moto.port, method: req.method, path, headers }, (answer) => {
    readBody(answer).then((got) => {
      const back = {};
      for (const [k, v] of Object.entries(answer.headers)) {
        if (['connection', 'transfer-encoding', 'content-length'].includes(k)) continue;
        back[cos && k.startsWith('x-amz-') ? `x-cos-${k.slice(6)}` : k] = v;
      }
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      if (cos && ok && req.method === 'PUT') back['x-cos-hash-crc64ecma'] = crc64(body);
      if (cos && ok && req.method === 'GET') back['x-cos-hash-crc64ecma'] = crc64(got);
      back['content-length'] = String(got.length);
      entry.status = answer.statusCode;
      log(entry);
      res.writeHead(answer.statusCode, back);
      res.end(req.method === 'HEAD' ? undefined : got);
    });
  });
  out.on('error', (e) => {
    entry.status = 502;
    entry.error = e.message;
    log(entry);
    res.writeHead(502);
    res.end();
  });
  out.end(body);
}

let count = 0;
function handle(tls) {
  return (req, res) => {
    readBody(req).then((body) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      const entry = {
        n: ++count, tls, host, method: req.method, url: req.url,
        auth: describeAuth(req.headers.authorization), securityToken: 'x-cos-security-token' in req.headers || 'x-tc-token' in req.headers,
        headers: dialectHeaders(req.headers),
      };
      if (mode === 'oss') {
        forward(req, body, req.url, false, entry, res);
        return;
      }
      if (host.startsWith('tag.')) {
        tagApi(req, body, entry, res);
        log(entry);
        return;
      }
      const bucket = COS_HOST.exec(host)?.[1];
      if (!bucket) {
        entry.status = 400;
        entry.error = 'not a host this front end serves';
        log(entry);
        res.writeHead(400);
        res.end();
        return;
      }
      entry.bucket = bucket;
      const path = req.url === '/' || req.url.startsWith('/?') ? `/${bucket}${req.url.slice(1)}` : `/${bucket}${req.url}`;
      forward(req, body, path, true, entry, res);
    });
  };
}

const servers = mode === 'oss' ? [http.createServer(handle(false)).listen(Number(rest[0]), '127.0.0.1')] : [
  https.createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) }, handle(true)).listen(443, '127.0.0.1'),
  http.createServer(handle(false)).listen(80, '127.0.0.1'),
];
let listening = 0;
for (const s of servers) {
  s.on('listening', () => {
    if (++listening === servers.length) log({ n: 0, ready: true, pid: process.pid });
  });
  s.on('error', (e) => {
    process.stderr.write(`cos-front: ${e.message}\n`);
    process.exit(1);
  });
}
