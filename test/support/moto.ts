/**
 * moto's S3 server for the run-time judges of OSS (which the Alibaba OSS SDK reaches directly,
 * path-style, at `http://127.0.0.1:<port>`) and COS (behind support/cos-front.js). It runs in a
 * run-time namespace (support/emulators.ts); the tests create buckets and read back what the tools
 * stored from it with plain HTTP: moto checks no signature. Storage, listing and 404s are moto's.
 */
import { Sandbox, motoBinary } from './emulators';

export interface Moto {
  readonly ns: Sandbox;
  /** `http://127.0.0.1:<port>` inside the namespace. */
  readonly base: string;
}

/** Starts moto on 127.0.0.1:`port` in `ns` and creates `buckets`. */
export function startMoto(ns: Sandbox, buckets: readonly string[], port = 5000): Moto {
  const base = `http://127.0.0.1:${port}`;
  ns.serve(motoBinary(), ['-H', '127.0.0.1', '-p', String(port)]);
  ns.waitFor('moto', () => ns.http(`${base}/`).status === 200, 30_000);
  for (const b of buckets) {
    const r = ns.http(`${base}/${b}`, { method: 'PUT' });
    if (r.status !== 200) throw new Error(`moto refused to create bucket ${b}: ${r.status} ${r.body}`);
  }
  return { ns, base };
}

/**
 * moto answers 403 to an unsigned read of an object stored with server-side encryption, so the
 * test's own requests carry an S3-shaped Authorization header (moto checks no signature).
 */
const SIGNED = { Authorization: 'AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=0' };

const xmlText = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, '\'').replace(/&amp;/g, '&');
const objectPath = (bucket: string, key: string) => `/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The keys of `bucket` that start with `prefix`, sorted. */
export function listKeys(moto: Moto, bucket: string, prefix = ''): string[] {
  const r = moto.ns.http(`${moto.base}/${bucket}?prefix=${encodeURIComponent(prefix)}&max-keys=1000`, { headers: SIGNED });
  if (r.status !== 200) throw new Error(`moto list ${bucket} failed: ${r.status} ${r.body}`);
  return [...r.body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => xmlText(m[1])).sort();
}

/** An object's content, or undefined when there is none. */
export function readObject(moto: Moto, bucket: string, key: string): string | undefined {
  const r = moto.ns.http(`${moto.base}${objectPath(bucket, key)}`, { headers: SIGNED });
  return r.status === 200 ? r.body : undefined;
}

/** Replaces an object's content behind the tools' back (a test's change of the stored state); throws unless moto then holds it. */
export function writeObject(moto: Moto, bucket: string, key: string, body: string): void {
  const r = moto.ns.http(`${moto.base}${objectPath(bucket, key)}`, {
    method: 'PUT', body, headers: { ...SIGNED, 'Content-Type': 'application/json', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
  });
  if (r.status !== 200) throw new Error(`moto refused to write ${bucket}/${key}: ${r.status} ${r.body}`);
  if (readObject(moto, bucket, key) !== body) throw new Error(`moto did not keep what was written to ${bucket}/${key}`);
}
