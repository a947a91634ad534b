/**
 * TableStore for the run-time judges of OSS locking: the project's fake (support/tablestore-fake,
 * Go, on the TableStore SDK's own protobuf messages and PlainBuffer writer), started in a run-time
 * namespace (support/emulators.ts) whose /etc/hosts points the instance's endpoint host at it. It
 * serves `https://<instance>.<region>.ots.aliyuncs.com` on 443 (a certificate made by `openssl` at
 * test time, trusted through SSL_CERT_FILE) and plain HTTP on `OTS_PLAIN_PORT` (for endpoints
 * whose host is an IP address). The tests create the lock tables (the tools never do), read the
 * rows, and assert on the fake's request log: what the tool really sent, and what it was answered.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Sandbox, tablestoreFakeBinary } from './emulators';

/** The region of the endpoint host; its first label is the instance (as OpenTofu reads it). */
export const OTS_REGION = 'cn-hangzhou';
export const OTS_PLAIN_PORT = 8080;

/** `<instance>.cn-hangzhou.ots.aliyuncs.com`, the public endpoint form. */
export const otsHost = (instance: string) => `${instance}.${OTS_REGION}.ots.aliyuncs.com`;

export interface TableStoreFake {
  readonly ns: Sandbox;
  /** The certificate the tools must trust (SSL_CERT_FILE). */
  readonly caFile: string;
  readonly logFile: string;
  /** The control API inside the namespace. */
  readonly control: string;
}

/** One request as the fake logged it (see tablestore-fake/main.go). */
export interface OtsRequest {
  readonly n: number;
  readonly tls: boolean;
  readonly host: string;
  readonly action: 'DescribeTable' | 'PutRow' | 'GetRow' | 'DeleteRow' | string;
  /** The x-ots-instancename header. */
  readonly instance: string;
  readonly accessKeyId: string;
  readonly securityToken: boolean;
  /** `ok` (checked against the key's secret), `mismatch`, or `unchecked` (a key the fake was not given). */
  readonly signature?: string;
  readonly table?: string;
  readonly primaryKey?: Record<string, unknown>;
  readonly condition?: 'IGNORE' | 'EXPECT_EXIST' | 'EXPECT_NOT_EXIST';
  readonly columns?: Record<string, unknown>;
  readonly columnsToGet?: string[];
  /** GetRow: whether the row existed. */
  readonly found?: boolean;
  readonly status: number;
  readonly code?: string;
  readonly message?: string;
}

/** A row as the control API lists it. */
export interface OtsRow {
  readonly primaryKey: Record<string, unknown>;
  readonly columns: Record<string, unknown> | null;
}

/**
 * Starts the fake in `ns` for the `instances`' endpoint hosts (which the namespace's hosts file must
 * point at 127.0.0.1), checking the signature of `keys` (access key id to secret).
 */
export function startTableStore(ns: Sandbox, instances: readonly string[], keys: Record<string, string>): TableStoreFake {
  const { caFile, keyFile } = ns.certificate('tablestore-fake', instances.map(otsHost));
  const logFile = path.join(ns.dir, 'tablestore.jsonl');
  ns.serve(tablestoreFakeBinary(), ['-log', logFile, '-listen', 'https://127.0.0.1:443', '-cert', caFile, '-key', keyFile,
    '-listen', `http://127.0.0.1:${OTS_PLAIN_PORT}`], { ...process.env, TABLESTORE_FAKE_KEYS: Object.entries(keys).map(([id, s]) => `${id}:${s}`).join(',') });
  ns.waitFor('the TableStore fake', () => fs.existsSync(logFile) && fs.readFileSync(logFile, 'utf8').includes('"ready":true'));
  fs.rmSync(keyFile);
  return { ns, caFile, logFile, control: `http://127.0.0.1:${OTS_PLAIN_PORT}/_fake` };
}

/** Creates `table` in `instance`, its primary key `LockID` (a string) unless `primaryKey` says otherwise. */
export function createTable(
  fake: TableStoreFake, instance: string, table: string, primaryKey: ReadonlyArray<{ name: string; type: 'STRING' | 'INTEGER' | 'BINARY' }> = [{ name: 'LockID', type: 'STRING' }],
): void {
  const r = fake.ns.http(`${fake.control}/tables`, { method: 'POST', body: JSON.stringify({ instance, table, primaryKey }) });
  if (r.status !== 200) throw new Error(`the TableStore fake did not create ${instance}/${table}: ${r.status} ${r.body}`);
}

/** The rows of `instance`/`table`, sorted by primary key. */
export function otsRows(fake: TableStoreFake, instance: string, table: string): OtsRow[] {
  const r = fake.ns.http(`${fake.control}/rows?instance=${encodeURIComponent(instance)}&table=${encodeURIComponent(table)}`);
  if (r.status !== 200) throw new Error(`the TableStore fake did not list ${instance}/${table}: ${r.status} ${r.body}`);
  return JSON.parse(r.body);
}

/** Writes a row of string cells into `instance`/`table` (replacing it), as an operator does in the console. */
export function putOtsRow(
  fake: TableStoreFake, instance: string, table: string, primaryKey: Record<string, string>, columns: Record<string, string>,
): void {
  const r = fake.ns.http(`${fake.control}/rows`, { method: 'POST', body: JSON.stringify({ instance, table, primaryKey, columns }) });
  if (r.status !== 200) throw new Error(`the TableStore fake did not write the row to ${instance}/${table}: ${r.status} ${r.body}`);
}

/** The requests the fake served after request `after` (0: all), in the order it numbered them. */
export function otsLog(fake: TableStoreFake, after = 0): OtsRequest[] {
  return fs.readFileSync(fake.logFile, 'utf8').split('\n').filter(Boolean)
    .map((l) => JSON.parse(l) as OtsRequest & { ready?: boolean })
    .filter((r) => !r.ready && r.n > after)
    .sort((a, b) => a.n - b.n);
}

/** The number of the last request served so far. */
export function lastOtsRequest(fake: TableStoreFake): number {
  return Math.max(0, ...otsLog(fake).map((r) => r.n));
}

/** A log line, short: `PutRow runtime-state/lock/terraform.tfstate EXPECT_NOT_EXIST -> 403 OTSConditionCheckFail`. */
export function logLine(r: OtsRequest): string {
  const pk = r.primaryKey ? ` ${Object.values(r.primaryKey).join(',')}` : '';
  return `#${r.n} ${r.action} [${r.instance}] ${r.table ?? ''}${pk}${r.condition ? ` ${r.condition}` : ''}${r.found !== undefined ? ` found=${r.found}` : ''}` +
    ` -> ${r.status}${r.code ? ` ${r.code}` : ''}`;
}
