import * as fs from 'fs';
import * as path from 'path';
import { TerraformBackend, TerraformRemoteState, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { RunValues, addressesThisSynth, backendHolder, registerBackend } from './app-backends';
import { backendName, deepMerge, onStackSynthesis, resolveIn, stackOverrides } from './cdktf-internals';
import { Producer, RemoteStateFactory, crossStackReadProblems, remoteStateFor } from './cross-stack';
import { movedStateOf } from './moved-state';
import { orphanedInitWarnings, watchOrphanedInits } from './orphaned-inits';
import { backendHclBlock, copyAttributes } from './render';
import { withId } from './rule-id';
import { backendAdded, sharedStateOf } from './shared-state';
import { onStateMap } from './state-map';
import { backendStaticFindings, stackScope } from './static-context';
import { showWarningsNow, showsWarnings, strictKeyProblems } from './warnings';
import { StateBackendError } from '../errors/errors';
import { ConfigFile, FILE_NAME, MAX_FILE_NAME, backendFileText, byFieldName, fileProblems, fromInitWarnings, mergedWithFile, warningsOfRuns } from '../kit/backend-files';
import { checkConstruct, checkNewConstruct, warningsIfAccepted } from '../kit/construct-check';
import { violation } from '../kit/field-checks';
import { Warning } from '../kit/field-value';
import { isExpression } from '../kit/hcl';
import { cycleIn, formatViolations } from '../kit/messages';
import { evaluatesBackend, keyFor } from '../kit/schema';
import { ConstructCheck, Store, emitFields } from '../kit/store';
import { targetOf } from '../kit/targets';
import { ParsedTarget, formatTarget } from '../target/target';

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
      const emitted = () => resolveIn(stack, this.emitted());
      // (with no config file, the map's address is the block alone: the one the one-object check read in this synth, once final)
      const address = this.files.size === 0 ? addressesThisSynth(state)?.[0] : undefined;
      return {
        ...mapped,
        stack: stack.node.id,
        fromRun: this.runKeys(),
        address,
        get attributes() { return emitted(); },
        get scope() { return stackScope(stack); },
      };
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
        const reads = crossStackReadProblems(this.producer);
        return [...this.validateSingleBackend(), ...shared.errors, ...this.validateStaticContext(), ...reads, ...shown, ...strict];
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
   * Its config follows the backend's block, overrides included, up to the synth.
   */
  public getRemoteStateDataSource(scope: Construct, name: string, _fromStack: string): TerraformRemoteState {
    return remoteStateFor(this.producer, scope, name);
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return copyAttributes(this.checked.attributes);
  }

  /**
   * Adds this resource to the terraform JSON output.
   */
  public toTerraform(): any {
    // (before cdktf's merge, which would follow an override's cycle for ever: cdktn's Testing.synth merges before any validation)
    this.refuseCycles(this.stackOverrides());
    return super.toTerraform();
  }

  /**
   * Adds this backend to the HCL output.
   */
  public toHclTerraform(): any {
    // Where the target evaluates the block, its strings are templates in both outputs.
    const mode = evaluatesBackend(this.target) ? 'remote-state' : 'backend';
    return { terraform: { backend: { [this.name]: backendHclBlock(this.checked.attributes, this.rawOverrides, mode) } } };
  }

  /** What the remote states of other stacks read of this backend (framework/cross-stack.ts). */
  private get producer(): Producer {
    return {
      backend: this,
      store: this.store,
      props: this.props as Record<string, unknown>,
      values: this.checked.values,
      fileFields: this.fileFields,
      target: this.target,
      base: () => copyAttributes(this.checked.attributes),
      emitted: () => this.emitted(),
      makeRemoteState: this.makeRemoteState,
    };
  }

  /** What the block holds now: the checked attributes with overrides merged in. */
  private emitted(): Record<string, unknown> {
    const own = this.rawOverrides;
    const stack = this.stackOverrides();
    const copy = copyAttributes(this.checked.attributes);
    // (most blocks have no overrides: the merge would copy the block again)
    if (Object.keys(own).length === 0 && Object.keys(stack).length === 0) return copy;
    this.refuseCycles(stack);
    return deepMerge(copy, own, stack);
  }

  /** Refuses an override (the element's, or the stack's of this block) that refers back to an enclosing value: cdktf's merge would follow it for ever. */
  private refuseCycles(stack: Record<string, unknown>): void {
    const cycle = cycleIn(this.rawOverrides, '') ?? cycleIn(stack, `terraform.backend.${this.name}`);
    if (cycle === undefined) return;
    throw new StateBackendError(formatViolations(`${this.store.backend} backend (target ${formatTarget(this.target)})`, this.node.path, [violation(
      'config/shape', cycle, 'is an override that refers back to an enclosing value, expected plain values (the output cannot hold a cycle)',
    )]));
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

  /**
   * OpenTofu 1.8+ evaluates references in the block before the run: only variables and locals of
   * them. The values checked are the block's as written: a prop that holds an expression, and a
   * key an override (the element's or the stack's) sets to a string holding `${` (or a token).
   */
  private validateStaticContext(): string[] {
    if (!evaluatesBackend(this.target)) return [];
    const raw = this.emitted();
    const base = copyAttributes(this.checked.attributes);
    const props = [...this.checked.values.values()].filter((v) => v.expression);
    const keys = new Set(props.map((v) => keyFor(v.spec, this.target.tool)!));
    const overridden = Object.keys(raw).filter((k) => !keys.has(k) && isExpression(raw[k]) && JSON.stringify(raw[k]) !== JSON.stringify(base[k]));
    if (props.length === 0 && overridden.length === 0) return [];
    const stack = TerraformStack.of(this);
    const emitted = resolveIn(stack, raw) as Record<string, unknown>;
    const fields = [
      ...props.map((v) => ({ spelling: v.spelling, value: emitted[keyFor(v.spec, this.target.tool)!] })),
      ...overridden.map((k) => ({ spelling: k, value: emitted[k] })),
    ];
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
