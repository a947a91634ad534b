import * as path from 'path';
import { TerraformBackend, TerraformRemoteState, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { backendName, deepMerge, resolveIn, stackOverrides } from './cdktf-internals';
import { stackScope } from './static-context';
import { ANY_WORKSPACE, showContainer, showObject, stateAddress } from '../address/state-objects';
import { keyFor } from '../kit/schema';
import { targetOf } from '../kit/targets';
import { STORES } from '../stores';

/*
 * What the state map (state-map.ts) reads of the blocks this library did not make: cdktf's and
 * cdktn's own backends (the four stores' through the address model, as the one-object check reads
 * them; the local backend, cdktf's default for a stack without one; S3; the cloud block and the
 * remote backend by their workspaces), blocks only a stack's overrides add, and the remote states
 * of other libraries. A backend the library has no layout for is listed by its name alone: its
 * settings may hold secrets, which the map never shows.
 */

/** Where a block keeps its state, as the map shows it. */
export interface Located {
  readonly backend: string;
  /** The container (`bucket="acme"`), or what holds the object (`organization="acme"`); "-" where not modelled. */
  readonly container: string;
  /** The object of a workspace (undefined: the default one; `ANY_WORKSPACE`'s spelling in it for any other). */
  objectAt(workspace: string | undefined): string;
}

/** A workspace as the map shows it: the pattern of any other workspace is `<workspace>`. */
const ANY_WORKSPACE_SHOWN = (ws: string) => ws.split(ANY_WORKSPACE).join('<workspace>');

/** What the default object of a backend the map has no layout for reads. */
export const NOT_MODELLED = '(not modelled)';

/** A backend or cloud block of a stack: its name, the element that makes it (none for one the stack's overrides add), its attributes. */
export interface Block {
  readonly name: string;
  readonly construct?: TerraformBackend;
  readonly attributes: Record<string, unknown>;
}

/** A stack's backend and cloud blocks as its output holds them: each element's, with the stack's overrides merged last. */
export function stackBlocks(stack: TerraformStack, backends: readonly TerraformBackend[]): Block[] {
  const merged: Record<string, any> = {};
  for (const b of backends) deepMerge(merged, (b.toTerraform() as any).terraform ?? {});
  const terraform = deepMerge(merged, stackOverrides(stack).terraform ?? {});
  const blocks = Object.entries(terraform.backend ?? {}).map(([name, attributes]) => ({ name, attributes: attributes as Record<string, unknown> }));
  if (terraform.cloud !== undefined && terraform.cloud !== null) blocks.push({ name: 'cloud', attributes: terraform.cloud });
  return blocks.map((b) => ({ ...b, construct: backends.find((c) => backendName(c) === b.name), attributes: resolveIn(stack, b.attributes ?? {}) }));
}

/**
 * Where a block of `stack` that this library did not make keeps its state; `outdir` is the app's
 * output directory (a local path is relative to the stack's directory in it). `remoteState`: the
 * block is a remote state's config, whose strings the tools read as templates.
 */
export function locate(stack: TerraformStack, name: string, attributes: Record<string, unknown>, outdir: string, remoteState = false): Located {
  const at = ANY_WORKSPACE_SHOWN;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);
  const store = STORES.find((s) => s.backend === name);
  const target = targetOf(stack);
  if (store && Object.keys(attributes).every((k) => store.fields.some((f) => keyFor(f, target.tool) === k))) {
    // (a remote state's strings are templates whatever the target; a backend's, where the target evaluates the block)
    const block = { attributes, scope: stackScope(stack), ...(remoteState ? { templates: true } : {}) };
    const address = stateAddress(name, store.layout, store.fields, block, target);
    return { backend: name, container: showContainer(address), objectAt: (ws) => showObject(address, ws) };
  }
  if (name === 'local') {
    // terraform and opentofu backend/local StatePaths: `path` (default terraform.tfstate) in the default
    // workspace, <workspace_dir (default terraform.tfstate.d)>/<workspace>/terraform.tfstate in others
    const dir = path.join(outdir, 'stacks', stack.node.id);
    const shown = (p: string) => {
      const relative = path.relative(process.cwd(), path.resolve(dir, p));
      return relative.startsWith('..') || relative === '' ? path.resolve(dir, p) : relative;
    };
    const workspaces = text(attributes.workspace_dir) ?? 'terraform.tfstate.d';
    return { backend: name, container: 'file', objectAt: (ws) => shown(ws === undefined ? text(attributes.path) ?? 'terraform.tfstate' : path.join(workspaces, at(ws), 'terraform.tfstate')) };
  }
  if (name === 's3' && text(attributes.bucket) !== undefined && text(attributes.key) !== undefined) {
    // backend/remote-state/s3: <key> in the default workspace, <workspace_key_prefix (default env:)>/<workspace>/<key> in others
    const [key, prefix] = [text(attributes.key)!, text(attributes.workspace_key_prefix) ?? 'env:'];
    return { backend: name, container: `bucket=${JSON.stringify(text(attributes.bucket))}`, objectAt: (ws) => (ws === undefined ? key : `${prefix}/${at(ws)}/${key}`) };
  }
  if ((name === 'cloud' || name === 'remote') && text(attributes.organization) !== undefined) {
    const workspaces = (attributes.workspaces ?? {}) as Record<string, unknown>;
    const one = text(workspaces.name);
    const prefix = text(workspaces.prefix);
    const container = `organization=${JSON.stringify(text(attributes.organization))}`;
    return { backend: name, container, objectAt: (ws) => (one !== undefined ? `workspace ${one}` : prefix !== undefined ? `workspace ${prefix}${ws === undefined ? 'default' : at(ws)}` : NOT_MODELLED) };
  }
  return { backend: name, container: '-', objectAt: () => NOT_MODELLED };
}

/** cdktf's default backend for a stack without one (TerraformStack.ensureBackendExists: a LocalBackend of terraform.<stack id>.tfstate in the app's directory). */
export function defaultLocal(stack: TerraformStack, outdir: string): Located {
  return locate(stack, 'local', { path: path.join(process.cwd(), `terraform.${stack.node.id}.tfstate`) }, outdir);
}

/** What a remote state of another library reads. */
export interface ForeignRead {
  readonly backend: string;
  readonly config: Record<string, unknown>;
  readonly workspace?: string;
}

/** A remote state of another library (cdktf's own): its backend, config and workspace as it writes them. */
export function foreignRemoteState(remoteState: TerraformRemoteState): ForeignRead | undefined {
  const data = (remoteState.toTerraform() as any).data?.terraform_remote_state ?? {};
  const block = Object.values(data)[0] as { backend?: string; config?: Record<string, unknown>; workspace?: string } | undefined;
  if (!block?.backend) return undefined;
  const stack = TerraformStack.of(remoteState);
  return { backend: block.backend, config: resolveIn(stack, block.config ?? {}), workspace: resolveIn(stack, block.workspace) };
}

/** Whether `construct` is still in its tree: each scope on its path holds the next. */
export function inTree(construct: IConstruct): boolean {
  const scopes = construct.node.scopes;
  return scopes.every((s, i) => i === 0 || scopes[i - 1].node.tryFindChild(s.node.id) === s);
}
