import { Token, Tokenization } from 'cdktf';
import { addressOf } from './brand';
import { EncryptionModel, ReadElement, ReadTarget } from './model';
import { KEY_PROVIDERS } from './schema';
import { hclString } from '../kit/hcl';
import { emitFields } from '../kit/store';

/*
 * Output of the encryption block.
 *
 * JSON: references to key providers are written as templates ("${key_provider.pbkdf2.main}"),
 * which every release from 1.7 reads; the bare form ("key_provider.pbkdf2.main") works only
 * from 1.11.4 for method keys and 1.12.0 for pbkdf2 chain. References to methods are written
 * bare ("method.aes_gcm.main"): 1.10 and later parse them as traversals (hcl.AbsTraversalForExpr),
 * which refuses the template form, and 1.7-1.9 compare the string with the method's address.
 *
 * HCL: cdktf's renderer prints any extra key of the terraform block as `0 = "encryption"`, so the
 * stack's HCL gets a second `terraform { encryption { ... } }` block, rendered here from the JSON
 * form (references become traversals).
 */

/** The JSON object of `terraform.encryption`, with remote-state names looked up now. */
export function encryptionJson(m: EncryptionModel): Record<string, unknown> {
  const out: Record<string, any> = {};
  const elements = (list: readonly ReadElement[]) => {
    const byType: Record<string, Record<string, unknown>> = {};
    for (const e of list) (byType[e.spec.kind.type] ??= {})[e.spec.name] = emitFields(e.values, 'opentofu', 'backend');
    return byType;
  };
  if (m.keyProviders.length > 0) out.key_provider = elements(m.keyProviders);
  if (m.methods.length > 0) out.method = elements(m.methods);
  for (const t of m.targets) {
    if (t.block === 'state' || t.block === 'plan') {
      out[t.block] = targetJson(t);
    } else {
      const remote = (out.remote_state_data_sources ??= {});
      if (t.block === 'default') remote.default = targetJson(t);
      else (remote.remote_state_data_source ??= {})[t.remoteState!.friendlyUniqueId] = targetJson(t);
    }
  }
  return out;
}

function targetJson(t: ReadTarget): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (t.enforced !== undefined) out.enforced = t.enforced;
  if (t.method) out.method = addressOf(t.method);
  // Fallbacks nest: each fallback block may hold the next one.
  let inner = out;
  for (const f of t.fallbacks) {
    const next: Record<string, unknown> = { method: addressOf(f) };
    inner.fallback = next;
    inner = next;
  }
  return out;
}

// --- HCL ------------------------------------------------------------------------------------------

const KEY_REF = /^\$\{((?:key_provider)\.[a-zA-Z_0-9-]+\.[a-zA-Z_0-9-]+)\}$/;
const METHOD_REF = /^method\.[a-zA-Z_0-9-]+\.[a-zA-Z_0-9-]+$/;
/** Nested blocks inside key providers (everything else there is an attribute), from the tables. */
const KEY_PROVIDER_BLOCKS = new Set(KEY_PROVIDERS.flatMap((k) => k.fields.filter((f) => f.type === 'block').map((f) => f.key as string)));

/**
 * `terraform { encryption { ... } }` in HCL, from the JSON form (overrides included). Tokens stay
 * as cdktf token strings inside quoted templates; the caller resolves the text.
 */
export function encryptionHcl(json: Record<string, any>): string {
  const lines: string[] = ['terraform {', '  encryption {'];
  const body = (indent: string, obj: Record<string, any>, blocks: Set<string>, refs: 'keys' | 'method' | 'none') => {
    for (const [k, v] of Object.entries(obj)) {
      if (v === undefined) continue;
      if (blocks.has(k) && isPlainObject(v)) {
        lines.push(`${indent}${k} {`);
        body(`${indent}  `, v, blocks, refs);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}${k} = ${value(v, indent, refs === 'keys' && (k === 'keys' || k === 'chain'), refs === 'method' && k === 'method')}`);
      }
    }
  };
  const labelled = (indent: string, block: string, byType: Record<string, Record<string, any>>) => {
    for (const [type, byName] of Object.entries(byType ?? {})) {
      for (const [name, attrs] of Object.entries(byName ?? {})) {
        lines.push(`${indent}${block} ${quote(type)} ${quote(name)} {`);
        body(`${indent}  `, attrs ?? {}, KEY_PROVIDER_BLOCKS, 'keys');
        lines.push(`${indent}}`);
      }
    }
  };
  const targetBlocks = new Set(['fallback']);
  const i2 = '    ';
  for (const [k, v] of Object.entries(json)) {
    if (k === 'key_provider' || k === 'method') {
      labelled(i2, k, v);
    } else if (k === 'state' || k === 'plan') {
      lines.push(`${i2}${k} {`);
      body(`${i2}  `, v ?? {}, targetBlocks, 'method');
      lines.push(`${i2}}`);
    } else if (k === 'remote_state_data_sources') {
      lines.push(`${i2}${k} {`);
      for (const [rk, rv] of Object.entries<any>(v ?? {})) {
        if (rk === 'default') {
          lines.push(`${i2}  default {`);
          body(`${i2}    `, rv ?? {}, targetBlocks, 'method');
          lines.push(`${i2}  }`);
        } else if (rk === 'remote_state_data_source') {
          for (const [name, target] of Object.entries<any>(rv ?? {})) {
            lines.push(`${i2}  remote_state_data_source ${quote(name)} {`);
            body(`${i2}    `, target ?? {}, targetBlocks, 'method');
            lines.push(`${i2}  }`);
          }
        } else {
          lines.push(`${i2}  ${rk} = ${value(rv, `${i2}  `, false, false)}`);
        }
      }
      lines.push(`${i2}}`);
    } else {
      lines.push(`${i2}${k} = ${value(v, i2, false, false)}`);
    }
  }
  lines.push('  }', '}');
  return lines.join('\n');
}

function value(v: unknown, indent: string, keyRef: boolean, methodRef: boolean): string {
  if (typeof v === 'string') {
    if (keyRef) {
      const m = KEY_REF.exec(v);
      if (m) return m[1];
    }
    if (methodRef && METHOD_REF.test(v)) return v;
    return quote(v);
  }
  if (typeof v === 'number') return Token.isUnresolved(v) ? quote(Token.asString(v)) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) {
    if (Token.isUnresolved(v)) return quote(Token.asString(v));
    return `[${v.map((x) => value(x, indent, false, false)).join(', ')}]`;
  }
  if (Tokenization.isResolvable(v)) return quote(Token.asString(v));
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    return `{\n${entries.map(([k, x]) => `${inner}${quote(k)} = ${value(x, inner, false, false)}`).join('\n')}\n${indent}}`;
  }
  return quote(String(v));
}

/** An HCL quoted template for `s`; `${...}` sequences (cdktf tokens included) stay expressions. */
function quote(s: string): string {
  const out = hclString(s, 'remote-state');
  // hclString leaves the quotes to cdktf's renderer when the text holds an expression.
  return out.includes('${') ? `"${out}"` : out;
}

function isPlainObject(v: unknown): v is Record<string, any> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !Tokenization.isResolvable(v);
}
