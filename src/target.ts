import { Construct, IConstruct } from 'constructs';
import { watchStateMap } from './private/framework/state-map';
import { targetOf } from './private/kit/targets';
import { NEWEST_KNOWN, TARGET_CONTEXT_KEY, applyTarget, parseTargetOrThrow } from './private/target/target';

/**
 * A tool that reads the generated configuration.
 */
export enum TargetTool {
  /** HashiCorp Terraform. */
  TERRAFORM = 'terraform',
  /** OpenTofu, the open-source fork of Terraform 1.6. */
  OPENTOFU = 'opentofu',
}

/**
 * The tool and version the generated configuration is for.
 *
 * Output and checks follow the target: a field the target does not have (yet) is refused with the
 * first version that has it, a field the tools spell differently is emitted in the target's
 * spelling, and values the target no longer accepts are refused.
 *
 * The target is read from the construct context key `cdktf-state-backends:target`
 * (`terraform@<x.y.z>` or `opentofu@<x.y.z>`), which can also be set in `cdktf.json`. Without it the
 * target is `StateBackendTarget.DEFAULT`, the newest Terraform release this library knows; in the
 * CDK Terrain package (cdktn-state-backends), a config is then checked against every tool that
 * cdktn's `targetVersions` context declares (by default Terraform 1.5.7 and later and OpenTofu
 * 1.6.0 and later): it must be valid at the lowest version of each range, and at the newest version
 * this library knows when the range includes it, and emit the same keys for all of them.
 *
 * @example
 * StateBackendTarget.opentofu('1.10.7').applyTo(app);
 */
export class StateBackendTarget {
  /** The context key that holds the target. */
  public static readonly CONTEXT_KEY: string = TARGET_CONTEXT_KEY;

  /** The target used when none is set: the newest Terraform release this library knows (`toString()` names it). */
  public static readonly DEFAULT: StateBackendTarget = new StateBackendTarget(TargetTool.TERRAFORM, NEWEST_KNOWN.terraform);

  /**
   * Terraform at `version` (`x.y.z`).
   */
  public static terraform(version: string): StateBackendTarget {
    return StateBackendTarget.parse(`terraform@${version}`);
  }

  /**
   * OpenTofu at `version` (`x.y.z`).
   */
  public static opentofu(version: string): StateBackendTarget {
    return StateBackendTarget.parse(`opentofu@${version}`);
  }

  /**
   * Parses `terraform@x.y.z` or `opentofu@x.y.z`.
   */
  public static parse(text: string): StateBackendTarget {
    const parsed = parseTargetOrThrow(text);
    return new StateBackendTarget(parsed.tool === 'terraform' ? TargetTool.TERRAFORM : TargetTool.OPENTOFU, parsed.version);
  }

  /**
   * The target in effect at `scope`: its context value, or the default.
   *
   * In the CDK Terrain package without the context key, the lowest version of the first tool that
   * `targetVersions` declares (Terraform 1.5.7 by cdktn's default).
   */
  public static of(scope: IConstruct): StateBackendTarget {
    const t = targetOf(scope);
    return new StateBackendTarget(t.tool === 'terraform' ? TargetTool.TERRAFORM : TargetTool.OPENTOFU, t.version);
  }

  private constructor(
    /** The tool. */
    public readonly tool: TargetTool,
    /** The tool's version, `x.y.z`. */
    public readonly version: string,
  ) {}

  /**
   * Sets this target on `scope` (an app or a stack). Call it before adding children to `scope`;
   * constructs cannot change context afterwards.
   */
  public applyTo(scope: Construct): void {
    applyTarget(scope, this.toString());
    watchStateMap(scope);
  }

  /**
   * `tool@version`, the form the context key holds.
   */
  public toString(): string {
    return `${this.tool}@${this.version}`;
  }
}
