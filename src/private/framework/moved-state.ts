import * as fs from 'fs';
import * as path from 'path';
import { App, Manifest, TerraformStack } from 'cdktf';
import { stackScope } from './static-context';
import { hasSymbol } from '../kit/address-symbols';
import { StackScope } from '../kit/backend-text';
import { Warning } from '../kit/field-value';
import { checkRuleRows } from '../kit/rule-row';
import { FieldSpec } from '../kit/schema';
import { StateLayout, showContainer, showObject, stateAddress } from '../kit/state-objects';
import { FRAMEWORK } from '../target/flavour';
import { ParsedTarget } from '../target/target';

/*
 * The backend the last `init` of a stack used, against the one this synth names. Both tools record
 * the backend a working directory was initialized with in `.terraform/terraform.tfstate` (its type
 * and every argument, the block's and the -backend-config values merged: terraform 1.15.9
 * internal/command/meta_backend.go backend_C_r_S_changed, workdir.BackendConfigState; OpenTofu the
 * same), and the selected workspace in `.terraform/environment`. cdktf-cli 0.21.0 and cdktn-cli
 * 0.24.0 run init in `<outdir>/stacks/<stack>` and keep that directory between synths (SynthStack
 * removes only the directories of stacks that are gone; the app's synth writes its files beside
 * `.terraform`). When the object named there and the one this synth names differ, the next init
 * stops at "Backend configuration changed" (migrateOrReconfigDiag) and asks for -migrate-state or
 * -reconfigure: the warning says which object moved where, and which of the two to use.
 *
 * The addresses come from the address model (kit/state-objects.ts): `objectOf` below is the one
 * place this module reads it.
 */

export const MOVED_STATE_RULE = {
  id: 'stack/state-moved',
  severity: 'warning',
  description: 'the state object this synth names is not the one the last init of the stack\'s directory used',
  evidence:
    'both tools keep the backend of the last init in .terraform/terraform.tfstate and stop the next init at "Backend configuration changed" ' +
    'until -migrate-state (copies the state, leaving the old object) or -reconfigure (uses the new object as it is) is given ' +
    '(terraform 1.15.9 meta_backend.go, meta_backend_migrate.go; opentofu 1.12.6); cdktf-cli 0.21.0 and cdktn-cli 0.24.0 keep that directory between synths',
} as const;
checkRuleRows('stack', [MOVED_STATE_RULE]);

/** The backend of the last init, as `.terraform/terraform.tfstate` records it. */
export interface LastInit {
  readonly type: string;
  /** The tool's keys and values (nulls left out). */
  readonly config: Readonly<Record<string, unknown>>;
  /** The workspace selected there (`.terraform/environment`), `default` when none. */
  readonly workspace: string;
}

/**
 * The warning that `stack`'s state object moved since the last init in its directory under the
 * app's output (`<outdir>/stacks/<stack>`, as the manifest names it), if it did.
 */
export function movedStateOf(stack: TerraformStack, named: Omit<NamedBackend, 'stack' | 'directory' | 'scope'>): Warning[] {
  const directory = path.join(App.of(stack).outdir, Manifest.stacksFolder, stack.node.id);
  const last = lastInit(directory);
  if (!last) return [];
  const shown = path.relative(process.cwd(), directory);
  const warning = movedStateWarning({ ...named, stack: stack.node.id, directory: shown.startsWith('..') || shown === '' ? directory : shown, scope: stackScope(stack) }, last);
  return warning ? [warning] : [];
}

/** The backend the last init in `stackDir` used, or undefined when there was none (or it cannot be read). */
export function lastInit(stackDir: string): LastInit | undefined {
  let recorded: any;
  try {
    recorded = JSON.parse(fs.readFileSync(path.join(stackDir, '.terraform', 'terraform.tfstate'), 'utf8'));
  } catch {
    return undefined;
  }
  const backend = recorded?.backend;
  if (typeof backend?.type !== 'string' || backend.config === null || typeof backend.config !== 'object') return undefined;
  const config: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(backend.config as Record<string, unknown>)) if (v !== null && v !== undefined) config[k] = v;
  let workspace = 'default';
  try {
    workspace = fs.readFileSync(path.join(stackDir, '.terraform', 'environment'), 'utf8').trim() || 'default';
  } catch {
    // none selected: the default workspace
  }
  return { type: backend.type, config, workspace };
}

/** What this synth names for one stack's backend. */
export interface NamedBackend {
  readonly stack: string;
  /** The stack's directory as the user names it (`cdktf.out/stacks/network`). */
  readonly directory: string;
  /** The backend's type (`gcs`). */
  readonly backend: string;
  readonly layout: StateLayout;
  readonly fields: readonly FieldSpec[];
  readonly target: ParsedTarget;
  /** The block as emitted: the tool's keys and values. */
  readonly emitted: Readonly<Record<string, unknown>>;
  /** The tool's keys the run gives (left to init, or set by a config file). */
  readonly fromRun: ReadonlySet<string>;
  /** The config files by name (`prod`), each with its values by the tool's keys. */
  readonly files: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** What an evaluated template may read in the stack. */
  readonly scope: StackScope;
}

/**
 * The warning that the object moved since the last init, or none: when the types differ, when the
 * code's part of the address moved (the run's values taken as the last init gave them), or when no
 * config file gives the object the last init used.
 */
export function movedStateWarning(named: NamedBackend, last: LastInit): Warning | undefined {
  const used = `the last init in ${named.directory} used`;
  // The file the last init was given (every value of it is in the recorded config), for the commands.
  const gave = (values: Readonly<Record<string, unknown>>) =>
    Object.entries(values).every(([k, v]) => JSON.stringify(last.config[k]) === JSON.stringify(v));
  const lastFile = [...named.files].find(([, values]) => gave(values))?.[0];
  const withFile = (file: string | undefined, extra = '') => {
    const args = [extra, file ? `-backend-config=${file}.tfbackend` : ''].filter((a) => a !== '').join(' ');
    return args === '' ? '' : args.includes(' ') ? `TF_CLI_ARGS_init="${args}" ` : `TF_CLI_ARGS_init=${args} `;
  };
  const deploy = `${FRAMEWORK} deploy ${named.stack}`;
  const moveOrFresh =
    `to copy the state there: ${withFile(lastFile)}${deploy} --migrate-state (init -migrate-state copies every workspace's state and leaves the old objects as they are); ` +
    `to use the new object as it is, without copying: ${withFile(lastFile, '-reconfigure')}${deploy}`;
  if (last.type !== named.backend) {
    return warn(`stack ${named.stack}'s state moves: ${used} a ${last.type} backend, this synth names a ${named.backend} backend; ${moveOrFresh}`);
  }
  const before = objectOf(named, last.config, last.workspace);
  if (before === undefined) return undefined;
  // The code's part: the values the run gave last time, in place of those it gives.
  const given: Record<string, unknown> = {};
  for (const key of named.fromRun) if (key in last.config) given[key] = last.config[key];
  const now = objectOf(named, { ...named.emitted, ...given }, last.workspace);
  if (now === undefined) return undefined;
  if (now !== before) return warn(`stack ${named.stack}'s state moves: ${used} ${before}, this synth names ${now}; ${moveOrFresh}`);
  if (named.files.size === 0) return undefined;
  const byFile = [...named.files].map(([name, values]) => ({
    name,
    object: objectOf(named, { ...named.emitted, ...values }, last.workspace),
  }));
  if (byFile.some((f) => f.object === undefined || f.object === before)) return undefined;
  const first = byFile[0].name;
  return warn(
    `stack ${named.stack}'s state is where no config file puts it: ${used} ${before}, this synth names ` +
      `${byFile.map((f) => `${f.object} with ${f.name}.tfbackend`).join(', ')}; ` +
      `to switch to another environment's object: ${withFile(first, '-reconfigure')}${deploy} ` +
      '(never --migrate-state there: it copies the last environment\'s state over the other\'s); ' +
      `to move this environment's state to the object its file now names: ${withFile(first)}${deploy} --migrate-state`,
  );
}

function warn(message: string): Warning {
  return { id: MOVED_STATE_RULE.id, message };
}

/**
 * The object `attributes` name in `workspace`, as a user reads it (`gcs bucket="a", object "p/default.tfstate"`),
 * or undefined when a part of it comes from the run's environment or is not named (then nothing is compared).
 */
function objectOf(named: NamedBackend, attributes: Readonly<Record<string, unknown>>, workspace: string): string | undefined {
  const address = stateAddress(named.backend, named.layout, named.fields, { attributes, scope: named.scope }, named.target);
  // A part the run's environment, init or a reference decides holds a symbol: nothing is compared.
  if ([...address.parts.values()].some((p) => hasSymbol(p.text))) return undefined;
  return `${named.backend} ${showContainer(address)}, object ${JSON.stringify(showObject(address, workspace))}`;
}
