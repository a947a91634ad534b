/**
 * Tencent COS for the run-time judges: moto's S3 server behind the project's own front end
 * (support/cos-front.js: TLS under the real host names, the COS header dialect, the CRC-64 the SDK
 * checks, and a fake Tag API, the backend's lock mutex), in a loopback-only namespace whose
 * /etc/hosts points `<bucket>.cos.<region>.myqcloud.com` and friends at it. The certificate is
 * made by `openssl` at test time (never committed) and trusted through `SSL_CERT_FILE`. The front
 * end logs every request; `frontLog` gives the tests what the tool really sent.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Sandbox } from './emulators';
import { Moto, startMoto } from './moto';

export const REGION = 'ap-guangzhou';
/** The root domain of the `domain` scenario (Terraform only): its Tag API is `tag.<domain>`. */
export const CUSTOM_DOMAIN = 'tcloud.test';
const FRONT = path.join(__dirname, 'cos-front.js');

/** The hosts the cos backend calls for `bucket`: regional, global acceleration, `endpoint` form. */
export const cosHosts = (bucket: string) => [
  `${bucket}.cos.${REGION}.myqcloud.com`, `${bucket}.cos.accelerate.myqcloud.com`, `${bucket}.cos-internal.${REGION}.tencentcos.cn`,
];

export interface CosServer {
  readonly ns: Sandbox;
  readonly moto: Moto;
  /** The certificate the tools must trust (SSL_CERT_FILE). */
  readonly caFile: string;
  readonly logFile: string;
}

/** One request as the front end logged it (see cos-front.js). */
export interface FrontRequest {
  readonly n: number;
  readonly tls: boolean;
  readonly host: string;
  readonly method: string;
  readonly url: string;
  /** The Authorization header's scheme (`q-sign-algorithm=sha1`, `TC3-HMAC-SHA256`), key id and signed headers. */
  readonly auth: { readonly scheme: string; readonly keyId?: string; readonly headers?: string };
  readonly securityToken: boolean;
  /** The request's `x-cos-*` (or, in front of OSS, `x-oss-*`) headers, security tokens left out. */
  readonly headers: Record<string, string>;
  readonly bucket?: string;
  readonly action?: string;
  readonly tagKey?: string;
  readonly tagValue?: string;
  readonly error?: string;
  readonly status: number;
}

/** Starts a namespace with moto holding `buckets` and the COS front end on 443 and 80. */
export function startCos(buckets: readonly string[]): CosServer {
  const hosts = [...buckets.flatMap(cosHosts), 'tag.tencentcloudapi.com', `tag.${CUSTOM_DOMAIN}`];
  const ns = Sandbox.start([`127.0.0.1 ${hosts.join(' ')}`]);
  try {
    const { caFile, keyFile } = ns.certificate('cos-front',
      [`*.cos.${REGION}.myqcloud.com`, '*.cos.accelerate.myqcloud.com', `*.cos-internal.${REGION}.tencentcos.cn`, 'tag.tencentcloudapi.com', `tag.${CUSTOM_DOMAIN}`]);
    const moto = startMoto(ns, buckets);
    const logFile = path.join(ns.dir, 'cos-front.jsonl');
    ns.serve(process.execPath, [FRONT, 'cos', moto.base, caFile, keyFile, logFile]);
    waitReady(ns, logFile);
    return { ns, moto, caFile, logFile };
  } catch (e) {
    ns.stop();
    throw e;
  }
}

function waitReady(ns: Sandbox, logFile: string): void {
  ns.waitFor('the front end', () => fs.existsSync(logFile) && fs.readFileSync(logFile, 'utf8').includes('"ready":true'));
}

/**
 * The front end in `oss` mode on 127.0.0.1:`port` of `ns`, before `moto`: it passes the OSS SDK's
 * requests on unchanged but for the Authorization header, which moto would misread (cos-front.js).
 */
export function startOssFront(ns: Sandbox, moto: Moto, port: number): { readonly base: string; readonly logFile: string } {
  const logFile = path.join(ns.dir, 'oss-front.jsonl');
  ns.serve(process.execPath, [FRONT, 'oss', moto.base, String(port), logFile]);
  waitReady(ns, logFile);
  return { base: `http://127.0.0.1:${port}`, logFile };
}

/** The requests the front end served after request `after` (0: all). */
export function frontLog(server: { readonly logFile: string }, after = 0): FrontRequest[] {
  return fs.readFileSync(server.logFile, 'utf8').split('\n').filter(Boolean)
    .map((l) => JSON.parse(l) as FrontRequest & { ready?: boolean })
    .filter((r) => !r.ready && r.n > after);
}

/** The number of the last request served so far (to read only what a step sent). */
export function lastRequest(server: { readonly logFile: string }): number {
  return Math.max(0, ...frontLog(server).map((r) => r.n));
}

/** The tags the fake Tag API holds now (the backend's lock mutex: none outside a lock call). */
export function heldTags(server: CosServer): Array<{ TagKey: string; TagValue: string }> {
  const r = server.ns.http('https://tag.tencentcloudapi.com/', {
    method: 'POST', caFile: server.caFile, body: '{}', headers: { 'X-TC-Action': 'DescribeTags', 'Content-Type': 'application/json' },
  });
  if (r.status !== 200) throw new Error(`the fake Tag API answered ${r.status}: ${r.body}`);
  return JSON.parse(r.body).Response.Tags;
}

/** Stops the namespace and its servers (which deletes the test key). */
export function stopCos(server: CosServer | undefined): void {
  server?.ns.stop();
}
