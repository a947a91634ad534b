import { TerraformElement, TerraformRemoteState, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { EncryptionKeyProvider } from './encryption-key-providers';
import { EncryptionMethod } from './encryption-methods';
import { EncryptionInputs, EncryptionModel, readModel } from './private/encryption/model';
import { encryptionHcl, encryptionJson } from './private/encryption/render';
import { CROSS_STACK_CONSUMER, checkEncryption } from './private/encryption/rules';
import { StateBackendError } from './private/errors/errors';
import { deepMerge, extendStackHcl, resolveIn } from './private/framework/cdktf-internals';
import { withId } from './private/framework/rule-id';
import { watchStateMap } from './private/framework/state-map';
import { staticContextOf } from './private/framework/static-context';
import { recordWarnings, showWarningsNow, showsWarnings } from './private/framework/warnings';
import { Warning } from './private/kit/field-value';
import { Violation, formatViolations } from './private/kit/messages';
import { targetOf } from './private/kit/targets';
import { formatTarget } from './private/target/target';

/*
 * The StateEncryption construct: `terraform { encryption { ... } }` built from the key providers
 * (encryption-key-providers.ts) and methods (encryption-methods.ts), checked when created and at synth.
 */

/**
 * Which method encrypts and decrypts, and which older ones still decrypt.
 */
export interface EncryptionTarget {
  /**
   * The method that writes (and first tries to read).
   *
   * @default - none; the run must then supply it in `TF_ENCRYPTION`
   */
  readonly method?: EncryptionMethod;
  /**
   * Methods tried in order when `method` cannot read the data, for key rollover and migrations
   * (`EncryptionMethod.unencrypted` reads unencrypted data). Emitted as nested `fallback` blocks.
   *
   * @default - no fallback
   */
  readonly fallbacks?: EncryptionMethod[];
}

/**
 * The `state` or `plan` target.
 */
export interface EnforceableEncryptionTarget extends EncryptionTarget {
  /**
   * Refuse to write or read unencrypted data, whatever `TF_ENCRYPTION` says.
   *
   * @default false
   */
  readonly enforced?: boolean;
}

/**
 * How one remote state (`terraform_remote_state` data source) of the stack is decrypted.
 */
export interface RemoteStateEncryption extends EncryptionTarget {
  /**
   * The remote state: one of this library's `DataTerraformRemoteState*` constructs, or cdktf's.
   * Its address is looked up at synth.
   */
  readonly remoteState: TerraformRemoteState;
}

/**
 * The encryption block of a stack.
 *
 * Key providers and methods used by the targets are emitted without being listed; list them
 * only to emit ones no target uses (for example ones `TF_ENCRYPTION` refers to).
 */
export interface StateEncryptionProps {
  /**
   * Key providers to emit besides those the methods use.
   *
   * @default - only those the methods use
   */
  readonly keyProviders?: EncryptionKeyProvider[];
  /**
   * Methods to emit besides those the targets use.
   *
   * @default - only those the targets use
   */
  readonly methods?: EncryptionMethod[];
  /**
   * Encryption of the state (local files and the backend).
   *
   * @default - the state is not encrypted (unless `TF_ENCRYPTION` says so)
   */
  readonly state?: EnforceableEncryptionTarget;
  /**
   * Encryption of saved plan files (`-out`).
   *
   * @default - plan files are not encrypted (unless `TF_ENCRYPTION` says so)
   */
  readonly plan?: EnforceableEncryptionTarget;
  /**
   * How remote states without their own entry are decrypted (`remote_state_data_sources.default`).
   *
   * @default - they are read unencrypted
   */
  readonly remoteStateDefault?: EncryptionTarget;
  /**
   * How particular remote states are decrypted (`remote_state_data_source "<name>"`).
   *
   * @default - none; `remoteStateDefault` applies
   */
  readonly remoteStates?: RemoteStateEncryption[];
}

const STATE_ENCRYPTION_SYMBOL = Symbol.for('cdktf-state-backends.StateEncryption');

/**
 * OpenTofu state and plan encryption: `terraform { encryption { ... } }`. One per stack, like a
 * backend. OpenTofu 1.7.0 and later; a Terraform target is refused.
 *
 * The config is checked when the construct is created: what OpenTofu refuses is an error, what the
 * run decides (a passphrase left to `TF_ENCRYPTION`, a KMS key that must exist) and literal
 * secrets are warnings. Secrets never appear in messages and are never copied into other stacks.
 *
 * @see https://opentofu.org/docs/language/state/encryption/
 */
export class StateEncryption extends TerraformElement {
  /**
   * Whether `x` is a `StateEncryption`.
   */
  public static isStateEncryption(x: any): x is StateEncryption {
    return x !== null && typeof x === 'object' && STATE_ENCRYPTION_SYMBOL in x;
  }

  /**
   * The `StateEncryption` of the stack that holds `scope`, if it has one.
   */
  public static of(scope: IConstruct): StateEncryption | undefined {
    return TerraformStack.of(scope).node.findAll().find((c) => StateEncryption.isStateEncryption(c)) as StateEncryption | undefined;
  }

  private readonly inputs: { -readonly [K in keyof EncryptionInputs]: EncryptionInputs[K] };
  private model: EncryptionModel;
  private readonly warned = new Set<string>();

  /**
   * @param scope the stack (or a construct inside it) that gets the encryption block
   * @param props the key providers, methods and targets
   */
  constructor(scope: Construct, props: StateEncryptionProps = {}) {
    super(scope, 'encryption');
    Object.defineProperty(this, STATE_ENCRYPTION_SYMBOL, { value: true });
    watchStateMap(this);
    const given = (props ?? {}) as EncryptionInputs;
    this.inputs = { ...given, remoteStates: Array.isArray(given.remoteStates) ? [...given.remoteStates] : given.remoteStates };
    try {
      this.model = this.check();
    } catch (e) {
      this.node.scope?.node.tryRemoveChild(this.node.id);
      throw e;
    }
    extendStackHcl(TerraformStack.of(this), (stack) =>
      stack.node.findAll().filter((c): c is StateEncryption => StateEncryption.isStateEncryption(c)).map((b) => resolveIn(stack, b._toHcl())));
    this.node.addValidation({ validate: () => this.validateStack() });
    showsWarnings(this);
  }

  /**
   * Adds how `remoteState` (a remote state of this stack) is decrypted, as a
   * `remote_state_data_source` entry named after its address.
   *
   * @param remoteState one of this library's `DataTerraformRemoteState*` constructs, or cdktf's
   * @param target the method, and fallbacks, that decrypt it
   */
  public addRemoteState(remoteState: TerraformRemoteState, target: EncryptionTarget): void {
    const before = this.inputs.remoteStates;
    this.inputs.remoteStates = [...(Array.isArray(before) ? before : []), { ...target, remoteState }];
    try {
      this.model = this.check();
    } catch (e) {
      this.inputs.remoteStates = before;
      throw e;
    }
  }

  /**
   * Adds this block to the tool's JSON output, with overrides merged in.
   */
  public toTerraform(): any {
    return { terraform: { encryption: deepMerge(encryptionJson(this.model), this.rawOverrides) } };
  }

  /**
   * Nothing: cdktf's HCL renderer cannot print extra blocks inside `terraform`, so the stack's
   * HCL output gets a separate `terraform { encryption { ... } }` block instead.
   */
  public toHclTerraform(): any {
    return {};
  }

  /**
   * The `terraform { encryption { ... } }` block in HCL, tokens unresolved.
   *
   * @internal
   */
  public _toHcl(): string {
    return encryptionHcl(deepMerge(encryptionJson(this.model), this.rawOverrides));
  }

  /** Reads and checks the inputs: throws one error listing every problem, records the warnings. */
  private check(): EncryptionModel {
    const target = targetOf(this);
    const errors: Violation[] = [];
    const stack = TerraformStack.of(this);
    const model = readModel(this.inputs, target, stack.node.path, errors, (v) => resolveIn(stack, v));
    const result = checkEncryption(model);
    const all = [...errors, ...result.errors];
    if (all.length > 0) {
      // When the target has no encryption at all, the field checks are noise.
      throw new StateBackendError(formatViolations(`state encryption (target ${formatTarget(target)})`, this.node.path, result.refusedWhole ? result.errors : all));
    }
    recordWarnings(this, result.warnings.filter((w) => !this.warned.has(w.message)));
    result.warnings.forEach((w) => this.warned.add(w.message));
    return model;
  }

  /**
   * At synth: references only variables and locals (tokens resolve now), one encryption block per
   * stack, and other stacks that read this one's state.
   */
  private validateStack(): string[] {
    const stack = TerraformStack.of(this);
    const problems: string[] = [];
    const late = checkEncryption({ ...this.model, ...staticContextOf(stack) }, 'synth');
    if (late.errors.length > 0) {
      problems.push(formatViolations(`state encryption (target ${formatTarget(this.model.target)})`, this.node.path, late.errors));
    }
    problems.push(...this.warnCrossStackConsumers(stack));
    const all = stack.node.findAll().filter((c) => StateEncryption.isStateEncryption(c));
    if (all.length > 1 && all[0] === this) {
      problems.push(withId(
        `a stack can have only one state encryption, found ${all.length}: ${all.map((e) => e.node.path).join(' and ')}; ` +
          'keep one (opentofu refuses a module with several encryption blocks)',
        'stack/one-encryption',
      ));
    }
    return problems;
  }

  /**
   * A stack that reads this stack's outputs gets a remote state from cdktf at synth; without its
   * own decryption for it, reading the encrypted state fails. Nothing secret is copied there.
   */
  private warnCrossStackConsumers(stack: TerraformStack): string[] {
    if (!this.model.targets.some((t) => t.block === 'state')) return [];
    const found: Warning[] = [];
    const id = `cross-stack-reference-input-${stack.node.path}`;
    for (const other of this.node.root.node.findAll().filter((c): c is TerraformStack => TerraformStack.isStack(c) && c !== stack)) {
      const remote = other.node.tryFindChild(id);
      if (!remote) continue;
      const theirs = StateEncryption.of(other);
      const covered = theirs?.model.targets.some((t) => t.block === 'default' || t.remoteState === remote);
      if (covered) continue;
      found.push({
        id: CROSS_STACK_CONSUMER.id,
        message:
          `stack ${other.node.id} reads this stack's encrypted state (${remote.node.path}) for a cross-stack reference; ` +
          'give it a StateEncryption whose remoteStateDefault decrypts it with the same key provider, or set TF_ENCRYPTION ' +
          'for its run; no key or passphrase is copied there',
      });
    }
    return showWarningsNow(this, found);
  }
}
