#!/usr/bin/env node
/*
 * The recording proxy of the run-time judges (test support, Node standard library only):
 *
 *   node gcs-recorder.js <upstream-url> <port> <log.jsonl>
 *
 * Listens on 127.0.0.1:<port> (HTTP) and passes every request to fake-gcs-server at <upstream-url>
 * unchanged, answering with the emulator's answer unchanged. fake-gcs-server keeps a bucket's name
 * and versioning and drops the other settings the Google provider sends (iamConfiguration,
 * lifecycle, softDeletePolicy, encryption, labels), so what the provider asked for is known only
 * from the request: each one is logged as one JSON line, with its method, path and query, status
 * and, for a JSON body (a bucket's insert or patch), the body parsed (`json`). Upload bodies (the
 * backends' state objects) are logged by size only.
 */
'use strict';
const fs = require('fs');
const http = require('http');

const [upstreamUrl, port, logFile] = process.argv.slice(2);
if (!logFile) {
  process.stderr.write('usage: node gcs-recorder.js <upstream-url> <port> <log.jsonl>\n');
  process.exit(2);
}
const upstream = new URL(upstreamUrl);

function record(entry) {
  fs.appendFileSync(logFile, JSON.stringify(entry) + '\n');
}

http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const type = String(req.headers['content-type'] ?? '');
    const entry = { method: req.method, url: req.url, bytes: body.length };
    if (type.startsWith('application/json') && body.length > 0) {
      try {
        entry.json = JSON.parse(body.toString('utf8'));
      } catch {
        entry.text = body.toString('utf8');
      }
    }
    const headers = { ...req.headers, host: upstream.host };
    const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', () => record({ ...entry, status: answer.statusCode }));
    });
    out.on('error', (e) => {
      record({ ...entry, status: 502, error: e.message });
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`gcs-recorder: ${e.message}`);
    });
    out.end(body);
  });
}).listen(Number(port), '127.0.0.1', () => record({ listening: Number(port), upstream: upstreamUrl }));
