import { neededFromEnv } from '../kit/rule-builders';
import { rule } from '../kit/rule-context';

/*
 * The OSS backend's TableStore lock settings (the rest of the OSS table is in oss.ts). Source paths
 * are relative to each tool's `internal/backend/remote-state/oss/`. Every rule here but
 * oss/lock-table-name (the service's naming conventions, whose refusal no run here can show) is
 * backed by runs of every run-time judge on moto and the project's TableStore fake
 * (test/runtime/oss-lock.test.ts; docs/FIELDS.md lists the judges from their rows). A literal ""
 * in the table or the instance name is what the tools read as unset.
 */

/** The runs that back these rules (which judges: their rows, docs/FIELDS.md "judged by"). */
const RUNS = 'every run-time judge on moto and the TableStore fake';

/** Alibaba's naming conventions of TableStore (help/en/tablestore "Naming conventions and data types", "Tablestore limits"). */
const NAMING_DOCS = 'https://www.alibabacloud.com/help/en/tablestore/naming-conventions-and-data-types';

/** TableStore's table names: 1 to 255 letters, digits and underscores, starting with a letter or an underscore. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,254}$/;
const TABLE_NAME_RULE = 'a TableStore table name (1 to 255 letters, digits and underscores, starting with a letter or an underscore)';

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
    description: 'lockStoreEndpoint without lockStoreTable (unset or ""): the tool takes no lock and keeps no digest of the state',
    evidence:
      'both tools, backend_state.go remoteClient describes the table only when tablestore_endpoint and tablestore_table are both set, and client.go ' +
      'Lock, getMD5 and putMD5 return at once when tablestore_table is empty (it has no env var); ' +
      `${RUNS}: two overlapping applies both succeed and the state's serial rises by one, and TableStore receives no request (with no table, and with "")`,
    runtime: 'oss-lock-endpoint-without-table',
    check: (c) => {
      if (!c.nonEmpty('lockStoreEndpoint') || c.nonEmpty('lockStoreTable')) return;
      const table = c.has('lockStoreTable') ? `with ${c.spelling('lockStoreTable')} "", which the tool reads as no table` : 'without lockStoreTable';
      const outcome = c.remoteState
        ? `the ${c.target.tool} read of this remote state sends nothing to TableStore without a table, so it does not compare the object with the digest its writer keeps there`
        : `the ${c.target.tool} backend sends nothing to TableStore without a table, so it takes no lock (two overlapping runs both write the state, and one run's changes are lost) ` +
          'and keeps no digest of the state';
      const remedy = c.remoteState
        ? 'set lockStoreTable to the lock table its writer uses, or leave lockStoreEndpoint out'
        : 'set lockStoreTable to the lock table (tablestore_table has no env var)';
      c.warn(`${c.spelling('lockStoreEndpoint')} is set ${table}; ${outcome}; ${remedy}`);
    },
  }),
  rule({
    id: 'oss/lock-endpoint-empty',
    severity: 'error',
    offline: { none: 'validate accepts "", and the tool crashes only when it reads the state' },
    fields: ['lockStoreEndpoint', 'lockStoreTable'],
    description: 'lockStoreEndpoint is not "" when lockStoreTable is set (the tool crashes reading the state, whatever its environment)',
    evidence:
      'both tools, backend.go configure makes the TableStore client only when tablestore_endpoint is not "", and the legacy schema\'s PrepareConfig ' +
      '(internal/legacy/helper/schema/backend.go) gives ALICLOUD_TABLESTORE_ENDPOINT only to an attribute that is null, not to ""; client.go getMD5 then ' +
      `calls the client it never made whenever tablestore_table is set: a nil pointer dereference; ${RUNS}: init crashes with exit 11, with or without ` +
      'ALICLOUD_TABLESTORE_ENDPOINT in the environment, and TableStore receives no request (a remote state\'s read crashes plan the same way)',
    runtime: 'oss-lock-endpoint-empty',
    check: (c) => {
      const table = c.literal('lockStoreTable');
      if (c.literal('lockStoreEndpoint') !== '' || typeof table !== 'string' || table === '') return;
      c.error(
        'lockStoreEndpoint',
        `got "" with ${c.spelling('lockStoreTable')} set, expected the TableStore endpoint (https://<instance>.<region>.ots.aliyuncs.com), or no ${c.spelling('lockStoreEndpoint')} ` +
          `at all to take it from ${c.envOf('lockStoreEndpoint').join(' or ')} (the ${c.target.tool} run crashes reading the state: "" makes no TableStore client, and the ` +
          'env var is read only when the field is unset)',
      );
    },
  }),
  neededFromEnv(
    {
      id: 'oss/lock-endpoint-from-env',
      evidence:
        'both tools, backend.go configure makes the TableStore client only when tablestore_endpoint is set (env ALICLOUD_TABLESTORE_ENDPOINT; terraform ' +
        '1.12.0 and later also ALIBABA_CLOUD_TABLESTORE_ENDPOINT), and client.go getMD5 calls it whenever tablestore_table is not "": a nil pointer ' +
        `dereference; ${RUNS}: init crashes with exit 11 (a remote state's read crashes plan the same way), and with ALICLOUD_TABLESTORE_ENDPOINT set the run locks; ` +
        'with tablestore_table "" every command works and nothing is locked',
      runtime: 'oss-lock-endpoint-from-env',
    },
    'lockStoreEndpoint',
    'every command that reads the state, init included, crashes with exit 11: the tool reads the state\'s digest through a TableStore client it never made',
    ['lockStoreTable'],
  ),
  rule({
    id: 'oss/lock-table-name',
    severity: 'warning',
    fields: ['lockStoreTable'],
    description: `lockStoreTable is ${TABLE_NAME_RULE}`,
    evidence:
      `TableStore's documented naming conventions (${NAMING_DOCS}); no tool checks the name: both tools send tablestore_table as it is ` +
      '(aliyun-tablestore-go-sdk v4.1.2 and v4.1.3 DescribeTable does not check it), so the service decides, and no run here can show its answer; ' +
      'a table of another name cannot exist, so init fails describing it',
    check: (c) => {
      const table = c.literal('lockStoreTable');
      if (typeof table !== 'string' || table === '' || TABLE_NAME.test(table)) return;
      c.warn(
        `${c.spelling('lockStoreTable')} is ${JSON.stringify(table)}, not ${TABLE_NAME_RULE}; TableStore has no table of that name, ` +
          `so the ${c.target.tool} run fails when it describes or locks it`,
      );
    },
  }),
  rule({
    id: 'oss/lock-instance-name',
    severity: 'warning',
    fields: ['lockStoreEndpoint', 'lockStoreInstanceName', 'lockStoreTable'],
    description: 'the instance name the tool sends (lockStoreInstanceName, or the first label of lockStoreEndpoint\'s host) is a TableStore instance name',
    evidence:
      'both tools, backend.go configure: the instance is the text before the first dot of tablestore_endpoint\'s host (terraform 1.12.0 and later: ' +
      'unless tablestore_instance_name is set to something other than ""), sent as x-ots-instancename on every request; TableStore documents its instance ' +
      `names (3 to 16 letters, digits and hyphens, starting with a letter, case-insensitive; ${NAMING_DOCS}) and answers an unknown one ` +
      `"OTSAuthFailed: The instance is not found."; ${RUNS}: an endpoint http://127.0.0.1:<port> sends the instance "127" and init fails describing the table; ` +
      'terraform 1.12+ sends tablestore_instance_name instead, and the endpoint\'s instance when it is ""; an instance spelled in capitals locks',
    runtime: 'oss-lock-instance',
    check: (c) => {
      if (!c.nonEmpty('lockStoreTable')) return;
      const fails = c.remoteState ? 'so reading the remote state fails' : 'so init fails';
      const named = c.literal('lockStoreInstanceName');
      if (typeof named === 'string' && named !== '') {
        if (!INSTANCE_NAME.test(named)) {
          c.warn(`${c.spelling('lockStoreInstanceName')} is ${JSON.stringify(named)}, not ${INSTANCE_NAME_RULE}; TableStore refuses every lock request naming it, ${fails}`);
        }
        return;
      }
      const endpoint = c.literal('lockStoreEndpoint');
      if (c.nonEmpty('lockStoreInstanceName') || typeof endpoint !== 'string' || endpoint === '') return;
      const instance = instanceFromEndpoint(endpoint);
      if (INSTANCE_NAME.test(instance)) return;
      const remedy = c.available('lockStoreInstanceName')
        ? 'set lockStoreInstanceName to the instance'
        : `${c.target.tool} ${c.target.version} cannot be given the name: use the endpoint https://<instance>.<region>.ots.aliyuncs.com (or its VPC form), whose host starts with it`;
      c.warn(
        `${c.spelling('lockStoreEndpoint')} is ${JSON.stringify(endpoint)}, so the ${c.target.tool} backend names the TableStore instance ${JSON.stringify(instance)} ` +
          `(the text before the first dot of the host), which is not ${INSTANCE_NAME_RULE}; TableStore refuses every lock request naming it, ${fails}; ${remedy}`,
      );
    },
  }),
];
