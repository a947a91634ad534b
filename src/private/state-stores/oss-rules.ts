import { matches, oneOf } from '../kit/rule-builders';
import { ALWAYS } from '../kit/schema';

/*
 * The rules of OssStateBucket's props (oss.ts holds its table): what the alicloud provider refuses
 * of them, with its source in the release providers.ts names.
 */

/** The TableStore names the provider takes (validators.go validateOTSInstanceName, validateOTSTableName). */
const INSTANCE_NAME = /^[a-zA-Z][a-zA-Z0-9-]{1,14}[a-zA-Z0-9]$/;
const TABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,254}$/;

export const OSS_BUCKET_RULES = [
  matches(
    {
      id: 'oss-bucket/lock-instance-name',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'alicloud validators.go validateOTSInstanceName: ^[a-zA-Z][a-zA-Z0-9-]{1,14}[a-zA-Z0-9]$ ("the instance name must consist of ...")',
    },
    'lockInstanceName',
    INSTANCE_NAME,
    '3 to 16 letters, digits and hyphens, starting with a letter and not ending with a hyphen',
  ),
  matches(
    {
      id: 'oss-bucket/lock-table-name',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'alicloud validators.go validateOTSTableName: ^[a-zA-Z_][a-zA-Z0-9_]{0,254}$ ("the table name must consist of ...")',
    },
    'lockTableName',
    TABLE_NAME,
    '1 to 255 letters, digits and underscores, starting with a letter or an underscore',
  ),
  oneOf(
    {
      id: 'oss-bucket/sse-algorithm',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'alicloud resource_alicloud_oss_bucket.go: server_side_encryption_rule.sse_algorithm StringInSlice("AES256", "KMS", "SM4")',
    },
    'sseAlgorithm',
    ['AES256', 'KMS', 'SM4'],
  ),
  matches(
    {
      id: 'oss-bucket/bucket-length',
      offline: { validate: 'both tools', how: 'the provider\'s ValidateFunc' },
      evidence: 'alicloud resource_alicloud_oss_bucket.go: bucket StringLenBetween(3, 63); where the backend does not check the name (oss/bucket-name-run)',
      versions: { sdkChecksNames: { terraform: '1.15.0', opentofu: ALWAYS } },
      appliesTo: { before: 'sdkChecksNames' },
    },
    'bucket',
    /^.{3,63}$/s,
    '3 to 63 characters',
  ),
];
