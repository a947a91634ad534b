/**
 * Azurite for the run-time judges: the blob service on 127.0.0.1:443 of a loopback-only namespace,
 * under the real host name `<account>.blob.core.windows.net` (the AzureRM backend always calls it),
 * with a self-signed certificate made at test time (never committed) that the tools trust through
 * `SSL_CERT_FILE`. Requests of the test itself are SharedKey-signed.
 */
import * as crypto from 'crypto';
import { Sandbox, azuriteBinary } from './emulators';

export const ACCOUNT = 'runtimeacct';
export const HOST = `${ACCOUNT}.blob.core.windows.net`;
const API_VERSION = '2021-08-06';

export interface AzuriteServer {
  readonly ns: Sandbox;
  /** The account key (base64), for ARM_ACCESS_KEY. */
  readonly key: string;
  /** The certificate the tools must trust (SSL_CERT_FILE). */
  readonly caFile: string;
  /** The blob host it serves (HOST unless set). */
  readonly host?: string;
}

/** The blob storage suffix of each cloud the AzureRM backend names (go-azure-sdk environments, opentofu auth/clients.go). */
export const CLOUD_SUFFIXES = ['core.windows.net', 'core.usgovcloudapi.net', 'core.chinacloudapi.cn'] as const;

/**
 * One namespace with an Azurite per cloud: `<account>.blob.<suffix>` of each of CLOUD_SUFFIXES on an
 * address of its own (127.0.0.1, .2, .3), so a blob lands in the cloud the tool named. Each server
 * has `containers`.
 */
export function startAzuriteClouds(containers: readonly string[]): AzuriteServer[] {
  const hosts = CLOUD_SUFFIXES.map((suffix, i) => ({ ip: `127.0.0.${i + 1}`, host: `${ACCOUNT}.blob.${suffix}` }));
  const ns = Sandbox.start(hosts.map((h) => `${h.ip} ${h.host}`));
  try {
    const { caFile, keyFile } = ns.certificate('azurite', CLOUD_SUFFIXES.map((suffix) => `*.blob.${suffix}`));
    const key = crypto.randomBytes(64).toString('base64');
    const servers = hosts.map(({ ip, host }) => {
      ns.serve(azuriteBinary(), ['--blobHost', ip, '--blobPort', '443', '--cert', caFile, '--key', keyFile,
        '--inMemoryPersistence', '--skipApiVersionCheck', '--loose', '--disableTelemetry', '--silent'],
      { ...process.env, AZURITE_ACCOUNTS: `${ACCOUNT}:${key}` });
      return { ns, key, caFile, host };
    });
    for (const server of servers) {
      ns.waitFor(`azurite on ${server.host}`, () => ns.http(`https://${server.host}/`, { caFile }).status > 0, 30_000);
      for (const c of containers) {
        const r = blobRequest(server, 'PUT', `/${c}`, { restype: 'container' });
        if (r.status !== 201) throw new Error(`azurite refused to create container ${c} on ${server.host}: ${r.status} ${r.body}`);
      }
    }
    return servers;
  } catch (e) {
    ns.stop();
    throw e;
  }
}

/** Starts a namespace with Azurite serving `<account>.blob.core.windows.net` on 443, and `containers` in it. */
export function startAzurite(containers: readonly string[]): AzuriteServer {
  const ns = Sandbox.start([`127.0.0.1 ${HOST}`]);
  try {
    const { caFile, keyFile } = ns.certificate('azurite', ['*.blob.core.windows.net']);
    const key = crypto.randomBytes(64).toString('base64');
    ns.serve(azuriteBinary(), ['--blobHost', '127.0.0.1', '--blobPort', '443', '--cert', caFile, '--key', keyFile,
      '--inMemoryPersistence', '--skipApiVersionCheck', '--loose', '--disableTelemetry', '--silent'],
    { ...process.env, AZURITE_ACCOUNTS: `${ACCOUNT}:${key}` });
    const server = { ns, key, caFile };
    ns.waitFor('azurite', () => ns.http(`https://${HOST}/`, { caFile }).status > 0, 30_000);
    for (const c of containers) {
      const r = blobRequest(server, 'PUT', `/${c}`, { restype: 'container' });
      if (r.status !== 201) throw new Error(`azurite refused to create container ${c}: ${r.status} ${r.body}`);
    }
    return server;
  } catch (e) {
    ns.stop();
    throw e;
  }
}

/** One SharedKey-signed request to the blob service (path: `/container[/blob]`). */
export function blobRequest(
  server: AzuriteServer, method: string, resource: string, query: Record<string, string> = {},
): { status: number; body: string } {
  const date = new Date().toUTCString();
  const headers: Record<string, string> = { 'x-ms-date': date, 'x-ms-version': API_VERSION };
  const canonicalHeaders = Object.keys(headers).sort().map((h) => `${h}:${headers[h]}\n`).join('');
  const canonicalQuery = Object.keys(query).sort().map((k) => `\n${k.toLowerCase()}:${query[k]}`).join('');
  // Content-Length is signed as empty when it is 0 (API versions 2015-02-21 and later).
  const toSign = [method, '', '', '', '', '', '', '', '', '', '', ''].join('\n') + '\n' +
    canonicalHeaders + `/${ACCOUNT}${resource}` + canonicalQuery;
  const signature = crypto.createHmac('sha256', Buffer.from(server.key, 'base64')).update(toSign, 'utf8').digest('base64');
  const qs = Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return server.ns.http(`https://${server.host ?? HOST}${resource}${qs ? `?${qs}` : ''}`, {
    method,
    caFile: server.caFile,
    headers: { ...headers, Authorization: `SharedKey ${ACCOUNT}:${signature}`, ...(method === 'PUT' ? { 'Content-Length': '0' } : {}) },
  });
}

/** The blobs of a container whose names start with `prefix`, with their lease states. */
export function listBlobs(server: AzuriteServer, container: string, prefix: string): Array<{ name: string; lease: string }> {
  const r = blobRequest(server, 'GET', `/${container}`, { comp: 'list', prefix, restype: 'container' });
  if (r.status !== 200) throw new Error(`azurite list failed: ${r.status} ${r.body}`);
  return [...r.body.matchAll(/<Blob>[\s\S]*?<Name>([^<]*)<\/Name>[\s\S]*?<LeaseState>([^<]*)<\/LeaseState>[\s\S]*?<\/Blob>/g)]
    .map((m) => ({ name: xmlText(m[1]), lease: m[2] }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The text of an XML element's content: the five predefined entities and character references read. */
const xmlText = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_m, e: string) =>
  ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e] ?? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)));

/** A blob's path in a request: each segment percent-encoded, so "?", "#", "%" and spaces stay in the name. */
export const blobPath = (container: string, name: string) => `/${container}/${name.split('/').map(encodeURIComponent).join('/')}`;

/** A blob's content, or undefined when there is none. */
export function readBlob(server: AzuriteServer, container: string, name: string): string | undefined {
  const r = blobRequest(server, 'GET', blobPath(container, name));
  return r.status === 200 ? r.body : undefined;
}

/** Stops the namespace and its servers (which deletes the test key). */
export function cleanUp(server: AzuriteServer | undefined): void {
  server?.ns.stop();
}
