import { checkRuleRows } from '../kit/rule-row';
import { STORES } from '../stores';

/*
 * The rows of the stack-wide checks (shared-state.ts, for-each-stack.ts, the remote states' own-state
 * check), each with its id, severity and evidence, and the check of a forEachStack call.
 */

const NORMALISATIONS = STORES.flatMap((s) => [
  ...(s.layout.evidence ? [`${s.backend} ${s.layout.container.join(' and ')} alone: ${s.layout.evidence}`] : []),
  ...(s.layout.normalise ?? []).map((n) => `${s.backend} ${n.key}: ${n.evidence}`),
]).join('; ');

/** The rows of the stack-wide checks, by id, with their evidence. */
export const STACK_RULES = [
  {
    id: 'stack/one-backend',
    severity: 'error',
    description: 'a stack holds one backend or cloud block, its overrides included',
    evidence:
      'both tools refuse a configuration with two backend blocks ("Duplicate backend configuration"; the terraform source read: "Duplicate \'backend\' configuration block") ' +
      'or a backend and a cloud block',
  },
  {
    id: 'stack/one-encryption',
    severity: 'error',
    description: 'a stack holds one state encryption block',
    evidence: 'opentofu refuses a module with two encryption blocks when it loads the configuration ("Duplicate encryption configuration", 1.7.0 and later)',
  },
  {
    id: 'stack/cross-stack-from-run',
    severity: 'error',
    description: 'a cross-stack reference reads a backend the code names in full (not completed by its run: variables, values given at init, config files)',
    evidence:
      'a terraform_remote_state config is evaluated in the consuming configuration (terraform and opentofu), which has none of the producer\'s ' +
      'variables or init arguments: the library would emit a remote state of another object, or none it can write',
  },
  {
    id: 'stack/cross-stack-override',
    severity: 'error',
    description:
      'a cross-stack reference reads the object the producer\'s backend writes, its overrides included (set later or by an Aspect too, tokens resolved in the ' +
      'producer\'s stack, numbers and booleans as the tool reads them), or is refused naming the override it cannot carry, or the consumer written before ' +
      'its producer\'s Aspects changed the block',
    evidence:
      'the producer writes the block with its overrides merged (cdktf deepMerge of the element\'s and the stack\'s), which cdktf builds the cross-stack ' +
      'remote state from in prepareStack, before it invokes any stack\'s aspects (StackSynthesizer.synthesize, stack by stack); the tools convert a JSON ' +
      'number or bool in a string attribute to its text (cty convert); a remote state without them reads another object: on fake-gcs-server a consumer ' +
      'of a producer with addOverride("prefix", ...), made by the code or by an Aspect, failed with "Unsupported attribute" and left an empty object at ' +
      'the old prefix, and a producer with addOverride("prefix", 2024) wrote 2024/default.tfstate',
  },
  {
    id: 'stack/shared-state',
    severity: 'error',
    description: 'two stacks that read each other\'s outputs (so run in one workspace, with one environment) do not write one state object (each apply replaces the other\'s state)',
    evidence:
      'the tools\' state layouts (gcs/backend_state.go stateFile, cos and oss stateFile, azure path) and how they ' +
      `name storage: ${NORMALISATIONS}; both tools read backend strings as Unicode NFC (hcl); ` +
      'on fake-gcs-server a second stack with the same bucket and prefix planned to destroy the first one\'s resources; test/runtime/address-oracle.test.ts asks the judges for each generated config\'s object',
  },
  {
    id: 'stack/shared-state-from-run',
    severity: 'warning',
    description: 'two stacks name the same state object unless their runs keep them apart (a workspace per stack, env vars, config files)',
    evidence:
      'as stack/shared-state; a run in another workspace (TF_WORKSPACE) writes another object in every layout but the default workspace\'s, ' +
      'and a part taken from env vars may differ per run (two stacks on fake-gcs-server with TF_WORKSPACE dev and prod kept apart)',
  },
  {
    id: 'stack/shared-lock-row',
    severity: 'error',
    description: 'two stacks deployed together, with one oss bucket and TableStore lock table, do not lock with a row that is the other\'s state digest row',
    evidence:
      'oss/client.go (both tools): Lock puts the row <bucket>/<object> (lockPath) expecting it absent, and Put writes the state\'s digest to the row ' +
      'lockPath()+"-md5" (stateIDSuffix) of the same table; on the TableStore fake a stack whose object was another\'s object plus "-md5" failed every lock ' +
      '(OTSConditionCheckFail) once the other had applied',
  },
  {
    id: 'stack/shared-lock-row-from-run',
    severity: 'warning',
    description: 'two stacks lock with a row that is the other\'s state digest row unless their runs keep them apart (a workspace per stack, env vars, config files)',
    evidence: 'as stack/shared-lock-row; in another workspace each row is another one',
  },
  {
    id: 'stack/reads-own-state',
    severity: 'warning',
    description: 'a remote state reads the state object its own stack\'s backend writes',
    evidence: 'both tools allow it (terraform_remote_state only reads); it reads the stack\'s own last applied state',
  },
  {
    id: 'stack/one-directory',
    severity: 'error',
    description: 'forEachStack gives backends only to stacks of distinct ids: cdktf writes every stack to stacks/<id>, so two stacks of one id under different parents overwrite each other\'s output',
    evidence: 'cdktf Manifest.forStack: the working directory is stacks/<stack id> (0.21.0; cdktn 0.24.0)',
  },
  {
    id: 'stack/one-directory-case',
    severity: 'warning',
    description: 'forEachStack gives backends to stacks whose ids differ only in case, which a case-insensitive file system (macOS, Windows) writes to one directory',
    evidence:
      'cdktf Manifest.forStack writes stacks/<stack id> (0.21.0; cdktn 0.24.0); Linux keeps stacks/Network and stacks/network apart, ' +
      'APFS and NTFS by default do not, so there one stack\'s output and .terraform directory are the other\'s',
  },
] as const;
checkRuleRows('stack', STACK_RULES);

/** The id of a stack-wide check. */
export type StackRuleId = (typeof STACK_RULES)[number]['id'];
