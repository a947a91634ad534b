import { deepMerge } from './cdktf-internals';
import { hclBlock, toHclValue } from '../kit/hcl';
import { Mode } from '../kit/schema';
import { ToolAttributes } from '../kit/store';

/*
 * What a construct hands cdktf at synth, from its checked attributes. cdktf merges overrides into
 * what an element returns (and concatenates lists), so the stored attributes are never handed out
 * themselves.
 */

/**
 * A copy with fresh containers. Only plain objects and arrays are copied; values (literals,
 * tokens) are shared. Runs on every render.
 */
export function copyAttributes(attributes: ToolAttributes): Record<string, unknown> {
  return copyPlain(attributes) as Record<string, unknown>;
}

function copyPlain(v: unknown): unknown {
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyPlain(v[i]);
    return out;
  }
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const k in v) out[k] = copyPlain((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/** Backend attributes typed for cdktf's HCL renderer: literals quoted and escaped, blocks as blocks. */
export function backendHclAttributes(attributes: ToolAttributes, mode: Mode = 'backend'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const isBlock = value !== null && typeof value === 'object' && !Array.isArray(value);
    out[key] = isBlock ? hclBlock(toHclValue(value, mode) as Record<string, unknown>) : toHclValue(value, mode);
  }
  return out;
}

/**
 * The backend's attributes with overrides merged in, typed for cdktf's HCL renderer. Merged before
 * typing, so an override inside a nested block stays in it and its strings are escaped like the
 * rest.
 */
export function backendHclBlock(attributes: ToolAttributes, rawOverrides: any, mode: Mode = 'backend'): Record<string, unknown> {
  return backendHclAttributes(deepMerge(copyAttributes(attributes), rawOverrides), mode);
}

/**
 * The `data.terraform_remote_state.<id>` block, JSON or HCL-typed, with overrides merged in (before
 * typing, so overridden strings are escaped too).
 */
export function remoteStateBlock(
  friendlyUniqueId: string,
  backendName: string,
  attributes: ToolAttributes,
  config: { readonly workspace?: string; readonly defaults?: { [key: string]: any } },
  rawOverrides: any,
  hcl: boolean,
): any {
  const block = deepMerge(
    { backend: backendName, workspace: config.workspace, defaults: config.defaults, config: copyAttributes(attributes) },
    rawOverrides,
  );
  // The backend name is a plain word; the renderer quotes it itself.
  const typed = hcl ? { ...(toHclValue(block, 'remote-state') as object), backend: block.backend } : block;
  return { data: { terraform_remote_state: { [friendlyUniqueId]: typed } } };
}
