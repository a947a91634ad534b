import { neededFromEnv } from '../kit/rule-builders';
import { rule } from '../kit/rule-context';

/*
 * The OSS backend's TableStore lock settings (the rest of the OSS table is in oss.ts). Source paths
 * are relative to each tool's `internal/backend/remote-state/oss/`. Every rule here is backed by
 * runs of the four judges (terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3) on moto and
 * the project's TableStore fake (test/runtime/oss-lock.test.ts).
 */

/** The runs that back these rules. */
const RUNS = 'terraform 1.11.4 and 1.15.9, opentofu 1.12.6 and 1.6.3 on moto and the TableStore fake';

/** TableStore's instance names: 3 to 16 letters, digits and hyphens, starting with a letter and not ending with a hyphen. */
const INSTANCE_NAME = /^[A-Za-z][A-Za-z0-9-]{1,14}[A-Za-z0-9]$/;
const INSTANCE_NAME_RULE = 'a TableStore instance name (3 to 16 letters, digits and hyphens, starting with a letter, not ending with a hyphen)';

/**
 * The instance name a tool derives from the endpoint (backend.go configure): the scheme added when
 * the value does not start with "http", then "https://" and "http://" trimmed, then the text before
 * the first dot.
 */
function instanceFromEndpoint(endpoint: string): string {
  const url = endpoint.startsWith('http') ? endpoint : `https://${endpoint}`;
  return url.replace(/^https:\/\//, '').replace(/^http:\/\//, '').split('.')[0];
}

export const OSS_LOCK_RULES = [
  rule({
    id: 'oss/lock-endpoint-without-table',
    severity: 'warning',
    fields: ['lockStoreEndpoint', 'lockStoreTable'],
    description: 'lockStoreEndpoint without lockStoreTable: the tool takes no lock and keeps no digest of the state',
    evidence:
      'both tools, backend_state.go remoteClient describes the table only when tablestore_endpoint and tablestore_table are both set, and client.go ' +
      'Lock, getMD5 and putMD5 return at once when tablestore_table is empty (it has no env var); ' +
      `${RUNS}: two overlapping applies both succeed and the state's serial rises by one, and TableStore receives no request`,
    runtime: 'oss-lock-endpoint-without-table',
    check: (c) => {
      if (!c.has('lockStoreEndpoint') || c.has('lockStoreTable')) return;
      c.warn(
        `${c.spelling('lockStoreEndpoint')} is set without lockStoreTable; the ${c.target.tool} backend sends nothing to TableStore without a table, ` +
          'so it takes no lock (two overlapping runs both write the state, and one run\'s changes are lost) and keeps no digest of the state; ' +
          'set lockStoreTable to the lock table (tablestore_table has no env var)',
      );
    },
  }),
  neededFromEnv(
    {
      id: 'oss/lock-endpoint-from-env',
      evidence:
        'both tools, backend.go configure makes the TableStore client only when tablestore_endpoint is set (env ALICLOUD_TABLESTORE_ENDPOINT; terraform ' +
        '1.12.0 and later also ALIBABA_CLOUD_TABLESTORE_ENDPOINT), and client.go getMD5 calls it whenever tablestore_table is set: a nil pointer ' +
        `dereference; ${RUNS}: init crashes with exit 11 (a remote state's read crashes plan the same way), and with ALICLOUD_TABLESTORE_ENDPOINT set the run locks`,
      runtime: 'oss-lock-endpoint-from-env',
    },
    'lockStoreEndpoint',
    'every command that reads the state, init included, crashes with exit 11: the tool reads the state\'s digest through a TableStore client it never made',
    ['lockStoreTable'],
  ),
  rule({
    id: 'oss/lock-instance-name',
    severity: 'warning',
    fields: ['lockStoreEndpoint', 'lockStoreInstanceName', 'lockStoreTable'],
    description: 'the instance name the tool sends (lockStoreInstanceName, or the first label of lockStoreEndpoint\'s host) is a TableStore instance name',
    evidence:
      'both tools, backend.go configure: the instance is the text before the first dot of tablestore_endpoint\'s host (terraform 1.12.0 and later: ' +
      'unless tablestore_instance_name is set), sent as x-ots-instancename on every request; TableStore documents its instance names (3 to 16 letters, ' +
      'digits and hyphens, starting with a letter) and answers an unknown one "OTSAuthFailed: The instance is not found."; ' +
      `${RUNS}: an endpoint http://127.0.0.1:<port> sends the instance "127" and init fails describing the table; terraform 1.15.9 sends tablestore_instance_name instead`,
    runtime: 'oss-lock-instance',
    check: (c) => {
      if (!c.has('lockStoreTable')) return;
      const named = c.literal('lockStoreInstanceName');
      if (typeof named === 'string') {
        if (!INSTANCE_NAME.test(named)) {
          c.warn(`${c.spelling('lockStoreInstanceName')} is ${JSON.stringify(named)}, not ${INSTANCE_NAME_RULE}; TableStore refuses every lock request naming it, so init fails`);
        }
        return;
      }
      const endpoint = c.literal('lockStoreEndpoint');
      if (c.has('lockStoreInstanceName') || typeof endpoint !== 'string' || endpoint === '') return;
      const instance = instanceFromEndpoint(endpoint);
      if (INSTANCE_NAME.test(instance)) return;
      const remedy = c.available('lockStoreInstanceName')
        ? 'set lockStoreInstanceName to the instance'
        : `${c.target.tool} ${c.target.version} cannot be given the name: use the endpoint https://<instance>.<region>.ots.aliyuncs.com (or its VPC form), whose host starts with it`;
      c.warn(
        `${c.spelling('lockStoreEndpoint')} is ${JSON.stringify(endpoint)}, so the ${c.target.tool} backend names the TableStore instance ${JSON.stringify(instance)} ` +
          `(the text before the first dot of the host), which is not ${INSTANCE_NAME_RULE}; TableStore refuses every lock request naming it, so init fails; ${remedy}`,
      );
    },
  }),
];
