import * as fs from 'fs';
import * as path from 'path';
import { TerraformBackend, TerraformRemoteState, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { RunValues, backendHolder, registerBackend } from './app-backends';
import { backendName, deepMerge, onStackSynthesis, resolveIn, stackOverrides } from './cdktf-internals';
import { movedStateOf } from './moved-state';
import { orphanedInitWarnings, watchOrphanedInits } from './orphaned-inits';
import { backendHclBlock, copyAttributes } from './render';
import { withId } from './rule-catalog';
import { backendAdded, sharedStateOf } from './shared-state';
import { onStateMap } from './state-map';
import { backendStaticFindings, stackScope } from './static-context';
import { recordWarnings, showWarningsNow, showsWarnings, strictKeyProblems } from './warnings';
import { StateBackendError } from '../errors/errors';
import { ConfigFile, FILE_NAME, MAX_FILE_NAME, backendFileText, byFieldName, fileProblems, fromInitWarnings, mergedWithFile, warningsOfRuns } from '../kit/backend-files';
import { checkConstruct, checkNewConstruct, warningsIfAccepted } from '../kit/construct-check';
import { crossStackConfig } from '../kit/cross-stack';
import { RUN_VALUES_LEFT_OUT, SECRETS_LEFT_OUT, violation } from '../kit/field-checks';
import { Warning } from '../kit/field-value';
import { formatViolations } from '../kit/messages';
import { FieldSpec, envVarsOf, evaluatesBackend, keyFor } from '../kit/schema';
import { ConstructCheck, Store, emitFields } from '../kit/store';
import { targetOf } from '../kit/targets';
import { ParsedTarget, formatTarget } from '../target/target';

/** The config is a backend's props without its secrets, plus the workspace (checked by the data source). */
export type RemoteStateFactory = (scope: Construct, id: string, config: any) => TerraformRemoteState;

/**
 * What every store's backend shares: the config is checked when the construct is created, the
 * output comes from the store's field table, and a stack may hold only one backend.
 *
 * Hidden from the jsii API (its public members are copied into each public backend class).
 *
 * @internal
 */
export abstract class StoreBackend extends TerraformBackend {
  private readonly checked: ConstructCheck;
  private readonly target: ParsedTarget;
  /** The backend config files declared with `addConfigFile`, by name. */
  private readonly files = new Map<string, ConfigFile>();
  /** Paths of the stacks already told which secrets they must take from the environment. */
  private readonly warnedConsumers = new Set<string>();
  /** The fields the config files set, and (cached until a file is added) what the run gives. */
  private readonly fileFields = new Set<string>();
  private runValues?: RunValues;

  /**
   * @param store the store's definition (private/stores)
   * @param makeRemoteState makes the store's remote state, for `getRemoteStateDataSource`
   */
  constructor(scope: Construct, private readonly store: Store, private readonly props: object, private readonly makeRemoteState: RemoteStateFactory) {
    super(scope, 'backend', store.backend);
    this.checked = checkNewConstruct(this, store, props, 'backend');
    this.target = targetOf(this);
    const state = backendHolder(this, store, this.target, () => this.emitted(), () => this.fromRun());
    registerBackend(state);
    backendAdded(TerraformStack.of(this), store.backend);
    showsWarnings(this);
    watchOrphanedInits(this);
    const mapped = { backend: store.backend, layout: store.layout, fields: store.fields, target: this.target };
    onStateMap(this, 'backend', store.backend, () => {
      const stack = TerraformStack.of(this);
      return { ...mapped, stack: stack.node.id, attributes: resolveIn(stack, this.emitted()), fromRun: this.runKeys(), scope: stackScope(stack) };
    });
    this.node.addValidation({
      validate: () => {
        const shared = sharedStateOf(state, store.layout.separateWith);
        const stack = TerraformStack.of(this);
        const own = () => ({ ...mapped, files: this.fromRun().files, emitted: resolveIn(stack, this.emitted()), fromInit: this.fromRun().fromInit });
        const moved = [...movedStateOf(stack, own), ...orphanedInitWarnings(this, own)];
        const fromInit = fromInitWarnings(this.checked.values, this.files, this.target, stack.node.id);
        const shown = showWarningsNow(this, [...this.runWarnings(), ...shared.warnings, ...fromInit, ...moved]);
        const strict = shown.length > 0 ? [] : strictKeyProblems(this);
        return [...this.validateSingleBackend(), ...shared.errors, ...this.validateStaticContext(), ...shown, ...strict];
      },
    });
  }

  /**
   * Declares a backend config file for `init -backend-config=<name>.tfbackend`, written beside the
   * stack's output when the app is synthesized.
   *
   * The values (keyed by field name, as in the config, or by the tool's key) take the place of the
   * block's, as init merges them, and the whole is checked as one config: a file that leaves a
   * required field unset, sets a field the target lacks or breaks a rule is refused, naming the
   * file. Fields the block leaves to init with `StateBackendValue.fromInit()` are typically given
   * here, one file per environment. The values are written to the file as they are: secrets get
   * the same warnings as in the block.
   *
   * @param name the file's name without `.tfbackend` (letters, digits, `.`, `_`, `-`)
   * @param values the fields the file sets
   */
  public addConfigFile(name: string, values: { [key: string]: any }): void {
    const file = `${name}.tfbackend`;
    const refuse = (field: string, message: string) => {
      throw new StateBackendError(formatViolations(`${this.store.backend} backend config file ${JSON.stringify(file)}`, this.node.path, [violation('config/shape', field, message)]));
    };
    if (typeof name !== 'string' || !FILE_NAME.test(name)) refuse('name', `got ${JSON.stringify(name)}, expected letters, digits, ".", "_" and "-", starting with a letter or digit`);
    if (file.length > MAX_FILE_NAME) {
      refuse('name', `got a name of ${name.length} characters, expected at most ${MAX_FILE_NAME - '.tfbackend'.length} (file systems take ${MAX_FILE_NAME} bytes for ${'<name>'}.tfbackend)`);
    }
    if (this.files.has(name)) refuse('name', `got ${JSON.stringify(name)} a second time, expected one file per name`);
    if (values === null || typeof values !== 'object' || Array.isArray(values)) {
      refuse('values', `got ${Array.isArray(values) ? 'a list' : typeof values}, expected an object of field values`);
    }
    const { values: own, conflicts } = byFieldName(this.store.table, this.target.tool, values);
    const merged = mergedWithFile(this.store.table, this.props as Record<string, unknown>, own);
    const checked = checkConstruct(this, this.store, merged, 'backend', { name: file, problems: (v) => [...conflicts, ...fileProblems(this.store.table, own, v)] });
    const fields = Object.keys(own).map((k) => this.store.fields[this.store.table.positionOf(k)!].name);
    const subset = new Map([...checked.values].filter(([n]) => fields.includes(n)));
    const emitted = emitFields(subset, this.target.tool, 'backend');
    this.files.set(name, { text: backendFileText(emitted), fields, values: emitted, byField: own, warnings: checked.warnings });
    fields.forEach((f) => this.fileFields.add(f));
    this.runValues = undefined;
    if (this.files.size === 1) {
      onStackSynthesis(this, (dir) => {
        for (const [n, f] of this.files) fs.writeFileSync(path.join(dir, `${n}.tfbackend`), f.text);
      });
    }
  }

  /**
   * Names the block this backend emits, `terraform.backend.<name>`.
   *
   * A backend cannot be referenced in Terraform expressions, so unlike a resource's fqn this is
   * not a token. (cdktf's own backends throw "Element type not set" here.)
   */
  public get fqn(): string {
    return `terraform.backend.${this.name}`;
  }

  /**
   * Creates a remote state in `scope` that reads this backend's state.
   *
   * It reads the consuming run's workspace (`${terraform.workspace}`) and leaves out secret
   * fields, which the consuming stack's run takes from the environment (a warning names them).
   */
  public getRemoteStateDataSource(scope: Construct, name: string, _fromStack: string): TerraformRemoteState {
    const overridden = { base: copyAttributes(this.checked.attributes), emitted: this.emitted(), templates: evaluatesBackend(this.target) };
    const props = this.props as Record<string, unknown>;
    const cross = crossStackConfig(this.store, props, this.checked.values, this.fileFields, this.target.tool, overridden);
    const stack = TerraformStack.of(scope);
    if (cross.refusedOverrides.length > 0) refuseOverrides(this, stack.node.id, cross.refusedOverrides);
    if (cross.addressFromRun.length > 0) refuseAcrossStacks(this, this.store, stack.node.id, cross.addressFromRun.map((f) => f.name));
    const remoteState = this.makeRemoteState(scope, name, cross.config);
    if (cross.secrets.length + cross.fromRun.length > 0 && !this.warnedConsumers.has(stack.node.path)) {
      this.warnedConsumers.add(stack.node.path);
      const target = targetOf(scope);
      const needs = (fields: FieldSpec[]) =>
        fields.map((f) => `${f.name} (${envVarsOf(f, target.tool, target.version).join(' or ') || 'no env var; pass it with -backend-config'})`).join(', ');
      const warnings: Warning[] = [];
      if (cross.secrets.length > 0) {
        warnings.push({
          id: SECRETS_LEFT_OUT,
          message:
            `the remote state of ${this.node.path} leaves out its secret fields; ` +
            `the ${target.tool} run of stack ${stack.node.id} must provide them from the environment: ${needs(cross.secrets)}`,
        });
      }
      if (cross.fromRun.length > 0) {
        warnings.push({
          id: RUN_VALUES_LEFT_OUT,
          message:
            `the remote state of ${this.node.path} leaves out fields its own run gives (at init, in a config file, or from a variable); ` +
            `the ${target.tool} run of stack ${stack.node.id} must provide them from the environment: ${needs(cross.fromRun)}`,
        });
      }
      recordWarnings(remoteState, warnings);
    }
    return remoteState;
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return copyAttributes(this.checked.attributes);
  }

  /**
   * Adds this backend to the HCL output.
   */
  public toHclTerraform(): any {
    // Where the target evaluates the block, its strings are templates in both outputs.
    const mode = evaluatesBackend(this.target) ? 'remote-state' : 'backend';
    return { terraform: { backend: { [this.name]: backendHclBlock(this.checked.attributes, this.rawOverrides, mode) } } };
  }

  /** What the block holds now: the checked attributes with overrides merged in. */
  private emitted(): Record<string, unknown> {
    const own = this.rawOverrides;
    const stack = this.stackOverrides();
    const copy = copyAttributes(this.checked.attributes);
    // (most blocks have no overrides: the merge would copy the block again)
    return Object.keys(own).length === 0 && Object.keys(stack).length === 0 ? copy : deepMerge(copy, own, stack);
  }

  /** The stack's own overrides of this block (stack.addOverride('terraform.backend.gcs.prefix', ...)), which apply last. */
  private stackOverrides(): Record<string, unknown> {
    return stackOverrides(TerraformStack.of(this)).terraform?.backend?.[this.name] ?? {};
  }

  /** The warnings of the runs (kit/backend-files.ts), with the fields overrides set. */
  private runWarnings(): Warning[] {
    return warningsOfRuns({
      table: this.store.table,
      tool: this.target.tool,
      props: this.props as Record<string, unknown>,
      overrides: { ...this.rawOverrides, ...this.stackOverrides() },
      block: this.checked.warnings,
      files: this.files,
      check: (props) => warningsIfAccepted(this, this.store, props, 'backend'),
    });
  }

  /** What the run gives: the tool's keys left to init, and each config file's values. */
  private fromRun(): RunValues {
    if (!this.runValues) {
      const fromInit = new Set<string>();
      for (const v of this.checked.values.values()) if (v.fromInit) fromInit.add(keyFor(v.spec, this.target.tool)!);
      this.runValues = { fromInit, files: new Map([...this.files].map(([n, f]) => [n, f.values])) };
    }
    return this.runValues;
  }

  /** The tool's keys the run gives: left to init, or set by a config file. */
  private runKeys(): ReadonlySet<string> {
    const { fromInit, files } = this.fromRun();
    return new Set([...fromInit, ...[...files.values()].flatMap((v) => Object.keys(v))]);
  }

  /** OpenTofu 1.8+ evaluates references in the block before the run: only variables and locals of them. */
  private validateStaticContext(): string[] {
    if (!evaluatesBackend(this.target) || ![...this.checked.values.values()].some((v) => v.expression)) return [];
    const stack = TerraformStack.of(this);
    const emitted = resolveIn(stack, this.emitted()) as Record<string, unknown>;
    const fields = [...this.checked.values.values()]
      .filter((v) => v.expression)
      .map((v) => ({ spelling: v.spelling, value: emitted[keyFor(v.spec, this.target.tool)!] }));
    const { errors, warnings } = backendStaticFindings(stack, this.target, fields);
    const shown = showWarningsNow(this, warnings);
    if (errors.length === 0) return shown;
    return [formatViolations(`${this.store.backend} backend (target ${formatTarget(this.target)})`, this.node.path, errors), ...shown];
  }

  /**
   * Reported once per stack, by the first of this library's backends, whatever the tree order.
   * Blocks added with `stack.addOverride('terraform.backend.<name>', ...)` or
   * `'terraform.cloud'` count too; an override of this backend's own block does not.
   */
  private validateSingleBackend(): string[] {
    const stack = TerraformStack.of(this);
    const backends = stack.node.findAll().filter((c) => TerraformBackend.isBackend(c));
    if (backends.find((b) => b instanceof StoreBackend) !== this) return [];
    const names = new Set(backends.map((b) => backendName(b as TerraformBackend)));
    const shown = backends.map((b) => {
      const name = backendName(b as TerraformBackend);
      return `${name === 'cloud' ? 'a cloud block' : `backend "${name}"`} at ${b.node.path}`;
    });
    const overridden = stackOverrides(stack).terraform ?? {};
    for (const name of Object.keys(overridden.backend ?? {})) {
      if (!names.has(name)) shown.push(`backend "${name}" from stack.addOverride`);
    }
    if (overridden.cloud !== undefined && !names.has('cloud')) shown.push('a cloud block from stack.addOverride');
    if (shown.length <= 1) return [];
    return [withId(
      `a stack can have only one backend, found ${shown.length}: ${shown.join(' and ')}; ` +
        'keep one (the tool refuses a configuration with several backend or cloud blocks)',
      'stack/one-backend',
    )];
  }
}

/**
 * A backend whose object its run names (a reference OpenTofu evaluates, a value given at init, a
 * config file) cannot be read from another stack: that stack's run knows none of it.
 */
function refuseAcrossStacks(backend: Construct, store: Store, consumer: string, fields: readonly string[]): never {
  throw new StateBackendError(withId(
    `stack ${JSON.stringify(consumer)} reads the outputs of stack ${JSON.stringify(TerraformStack.of(backend).node.id)}, whose ${store.backend} backend ` +
      `(${backend.node.path}) takes ${fields.join(', ')} from its own run or configuration (a value given at init, a config file, a variable or local ` +
      `of that stack), which the run of ${JSON.stringify(consumer)} cannot know, so its remote state would read another object; read that state in ` +
      `${JSON.stringify(consumer)} with ${store.names.remoteState}, ` +
      'giving those fields there (for example from a TerraformVariable of that stack)',
    'stack/cross-stack-from-run',
  ));
}

/** An override of the producer's block that its consumer's remote state cannot carry (a nested block, a key of no field). */
function refuseOverrides(backend: Construct, consumer: string, keys: readonly string[]): never {
  throw new StateBackendError(withId(
    `stack ${JSON.stringify(consumer)} reads the outputs of stack ${JSON.stringify(TerraformStack.of(backend).node.id)}, whose backend (${backend.node.path}) ` +
      `has overrides of ${keys.join(', ')} that its remote state cannot carry, so it would read another object than the backend writes; ` +
      'set those values in the backend\'s config instead of an override',
    'stack/cross-stack-override',
  ));
}
