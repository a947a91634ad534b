#!/usr/bin/env node
/*
 * A test program for OpenTofu's external key provider and external method protocols (1.10+):
 * `node external-program.js key|encrypt|decrypt`. It writes the protocol header, reads the JSON
 * input from stdin and writes the JSON output. Test use only: the key is fixed and the "cipher"
 * XORs the payload with it.
 */
'use strict';
const mode = process.argv[2];
const KEY = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 7 + 3) & 0xff));

const magic = mode === 'key' ? 'OpenTofu-External-Key-Provider' : 'OpenTofu-External-Encryption-Method';
process.stdout.write(JSON.stringify({ magic, version: 1 }) + '\n');

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const data = JSON.parse(input || 'null');
  if (mode === 'key') {
    const keys = { encryption_key: KEY.toString('base64') };
    if (data !== null) keys.decryption_key = KEY.toString('base64');
    process.stdout.write(JSON.stringify({ keys, meta: { external_data: {} } }) + '\n');
    return;
  }
  const key = data.key ? Buffer.from(data.key, 'base64') : KEY;
  const payload = Buffer.from(data.payload, 'base64');
  const out = Buffer.alloc(payload.length);
  for (let i = 0; i < payload.length; i++) out[i] = payload[i] ^ key[i % key.length];
  process.stdout.write(JSON.stringify({ payload: out.toString('base64') }) + '\n');
});
