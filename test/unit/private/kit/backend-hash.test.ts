/**
 * The hash both tools record of the backend block the last init read (src/private/kit/backend-hash.ts),
 * against records the tools wrote: `.terraform/terraform.tfstate` after an init given a
 * -backend-config value that differs from the block's (so the record's values are not the block's).
 */
import { backendBlockHash, crc32 } from '../../../../src/private/kit/backend-hash';

/** A record as a tool wrote it: the backend's arguments (null where unset), and the hash it recorded. */
interface Recorded {
  readonly tool: string;
  readonly type: string;
  readonly config: Record<string, unknown>;
  readonly hash: number;
  /** The block init read, and what it was given. */
  readonly block: Record<string, unknown>;
}

const HTTP_CONFIG = {
  address: 'http://127.0.0.1:1/state',
  client_ca_certificate_pem: null,
  client_certificate_pem: null,
  client_private_key_pem: null,
  lock_address: null,
  lock_method: null,
  password: null,
  retry_max: 5,
  retry_wait_max: null,
  retry_wait_min: null,
  skip_cert_verification: true,
  unlock_address: null,
  unlock_method: null,
  update_method: 'PUT',
  username: null,
};
const HTTP_BLOCK = { address: 'http://127.0.0.1:1/state', skip_cert_verification: true, retry_max: 3, update_method: 'PUT' };

const RECORDS: Recorded[] = [
  // cdktf-cli 0.21.0 deploy with TF_CLI_ARGS_init=-backend-config=prefix=pr-42 on fake-gcs-server (terraform 1.11.4)
  {
    tool: 'terraform 1.11.4',
    type: 'gcs',
    hash: 3326874905,
    config: {
      access_token: null,
      bucket: 'app-state',
      credentials: null,
      encryption_key: null,
      impersonate_service_account: null,
      impersonate_service_account_delegates: null,
      kms_encryption_key: null,
      prefix: 'pr-42',
      storage_custom_endpoint: 'http://127.0.0.1:4443/storage/v1/b',
    },
    block: { bucket: 'app-state', prefix: 'network', storage_custom_endpoint: 'http://127.0.0.1:4443/storage/v1/b' },
  },
  // `init -backend-config=path=b/override.tfstate`, offline (terraform 1.11.4 and 1.15.9, opentofu 1.6.3 and 1.12.6 alike)
  ...['terraform 1.11.4', 'terraform 1.15.9', 'opentofu 1.6.3', 'opentofu 1.12.6'].map((tool) => ({
    tool, type: 'local', hash: 1234996187, config: { path: 'b/override.tfstate', workspace_dir: null }, block: { path: 'a/network.tfstate' },
  })),
  // `init -backend-config=retry_max=5` of an http block (a bool and a number), offline; opentofu 1.12.6 has a `headers` map more
  ...['terraform 1.11.4', 'terraform 1.15.9', 'opentofu 1.6.3'].map((tool) => ({ tool, type: 'http', hash: 3045472486, config: HTTP_CONFIG, block: HTTP_BLOCK })),
  { tool: 'opentofu 1.12.6', type: 'http', hash: 3119750192, config: { ...HTTP_CONFIG, headers: null }, block: HTTP_BLOCK },
];

describe('backendBlockHash', () => {
  test.each(RECORDS.map((r) => [`${r.tool} ${r.type}`, r] as const))('is the hash %s recorded for the block it read, not for the values it was given', (_name, r) => {
    expect(backendBlockHash(r.type, Object.keys(r.config), r.config, r.block)).toBe(r.hash);
    // (the record's own values, the -backend-config one merged in, hash otherwise)
    const merged = Object.fromEntries(Object.entries(r.config).filter(([, v]) => v !== null));
    expect(backendBlockHash(r.type, Object.keys(r.config), r.config, merged)).not.toBe(r.hash);
  });

  test('is undefined where it cannot hash as the tools do', () => {
    const keys = ['path', 'workspace_dir'];
    // a key the record lacks (another schema), text Go quotes otherwise, a template, a nested block
    expect(backendBlockHash('local', keys, {}, { path: 'a', other: 'b' })).toBeUndefined();
    expect(backendBlockHash('local', keys, {}, { path: 'é' })).toBeUndefined();
    expect(backendBlockHash('local', keys, {}, { path: '${var.p}' })).toBeUndefined();
    expect(backendBlockHash('local', keys, {}, { path: { nested: true } })).toBeUndefined();
  });

  test('crc32 is CRC-32 (IEEE)', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });
});
