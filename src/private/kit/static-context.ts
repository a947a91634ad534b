import { DIRECTORY_FUNCTIONS, scanTemplate } from './template-scan';

/*
 * OpenTofu's static context: what it evaluates before the run starts (the encryption block from
 * 1.7, backend blocks from 1.8) may read variables, locals built from them, `path.*` and
 * `terraform.workspace`, nothing that needs a resource, data source or module
 * (configs/static_evaluator.go, staticScopeData.StaticValidateReferences).
 */

/**
 * What a resolved value refers to that OpenTofu cannot evaluate before the run starts: resources
 * (`aws_instance.x`, `terraform_data.r[0].id`), data sources, module outputs, `count`/`each`/`self`,
 * provider functions, also through the local values it reads (`localValue` gives a local's resolved
 * expression; such a reference is reported as `terraform_data.r (through local.seed)`). Variables,
 * `path.*` and `terraform.workspace` are fine. Quoted strings inside expressions are skipped; a root
 * counts as a resource type when it has an underscore and a name follows it (`type.name`,
 * `type.name[0]`, `type.name.attr`); names a for expression or `%{ for }` directive binds do not.
 */
export function dynamicReferences(value: unknown, localValue?: (name: string) => unknown, seen: Set<string> = new Set()): string[] {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  const out = new Set<string>();
  // The names a for expression or a %{ for } directive binds (`for k, v in ...`) are no references.
  const bound = new Set([...text.matchAll(/\bfor\s+([a-zA-Z_][\w-]*)(?:\s*,\s*([a-zA-Z_][\w-]*))?\s+in\b/g)].flatMap((m) => [m[1], m[2]]).filter(Boolean));
  for (const expr of text.match(/\$\{(?:[^{}"]|"(?:[^"\\]|\\.)*"|\{[^{}]*\})*\}/g) ?? []) {
    const body = expr.slice(2, -1).replace(/"(?:[^"\\]|\\.)*"/g, '""');
    for (const m of body.matchAll(/provider::[\w-]+::[\w-]+/g)) out.add(m[0]);
    for (const m of body.matchAll(/(?<![\w.:-])([a-zA-Z_][\w-]*)((?:\.[a-zA-Z_][\w-]*|\[[^\]]*\])+)/g)) {
      const root = m[1];
      if (bound.has(root)) continue;
      const steps = [...m[2].matchAll(/\.([a-zA-Z_][\w-]*)|\[[^\]]*\]/g)].map((s) => s[1] ?? '[]');
      const names = steps.filter((x) => x !== '[]');
      if (root === 'local' && names.length > 0 && localValue) {
        const name = steps[0];
        if (seen.has(name)) continue;
        seen.add(name);
        for (const ref of dynamicReferences(localValue(name), localValue, seen)) out.add(ref.includes(' (through') ? ref : `${ref} (through local.${name})`);
      } else if (['data', 'module'].includes(root) || ['count', 'each', 'self'].includes(root)) {
        out.add(`${root}.${names.slice(0, root === 'data' ? 2 : 1).join('.')}`);
      } else if (root.includes('_') && steps[0] !== '[]') {
        out.add(`${root}.${steps[0]}`);
      }
    }
  }
  return [...out];
}

/**
 * The variables `value` reads, also through the locals it reads. With `revealed`, only where the
 * value reaches the block as it is: not inside `nonsensitive(...)`, which OpenTofu lets through a
 * backend block as a value that is no longer sensitive.
 */
export function variableReferences(value: unknown, localValue: (name: string) => unknown, seen: Set<string> = new Set(), revealed = false): string[] {
  const raw = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  const text = revealed ? withoutCalls(raw, 'nonsensitive') : raw;
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![\w.:-])(var|local)\.([a-zA-Z_][\w-]*)/g)) {
    if (m[1] === 'var') {
      out.add(m[2]);
    } else if (!seen.has(m[2])) {
      seen.add(m[2]);
      variableReferences(localValue(m[2]), localValue, seen, revealed).forEach((v) => out.add(v));
    }
  }
  return [...out];
}

/** `text` with every call of `fn` (its parentheses balanced, strings skipped) taken out. */
function withoutCalls(text: string, fn: string): string {
  let out = '';
  let i = 0;
  const call = new RegExp(`(?<![\\w.:-])${fn}\\s*\\(`, 'y');
  while (i < text.length) {
    call.lastIndex = i;
    if (!call.test(text)) {
      out += text[i++];
      continue;
    }
    let depth = 0;
    let quoted = false;
    for (let j = call.lastIndex - 1; j < text.length; j++) {
      const c = text[j];
      if (quoted) {
        if (c === '\\') j++;
        else if (c === '"') quoted = false;
      } else if (c === '"') {quoted = true;} else if (c === '(') {depth++;} else if (c === ')' && --depth === 0) {
        i = j + 1;
        break;
      }
      if (j === text.length - 1) i = text.length;
    }
  }
  return out;
}

/** Functions whose value changes on every run that `value` calls, also through the locals it reads. */
export function changingCalls(value: unknown, localValue: (name: string) => unknown, seen: Set<string> = new Set()): string[] {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![\w.:-])(timestamp|plantimestamp|uuid|bcrypt)\s*\(/g)) out.add(`${m[1]}()`);
  for (const m of text.matchAll(/(?<![\w.:-])local\.([a-zA-Z_][\w-]*)/g)) {
    if (seen.has(m[1])) continue;
    seen.add(m[1]);
    changingCalls(localValue(m[1]), localValue, seen).forEach((c) => out.add(`${c} (through local.${m[1]})`));
  }
  return [...out];
}

/**
 * What `value` reads that differs per checkout, also through the locals it reads: `path.cwd` (the
 * absolute directory init runs in) and the calls of `abspath`, `pathexpand` and the file functions,
 * each as written (`path.cwd`, `filemd5()`, `abspath() (through local.dir)`). Only the `${...}`
 * parts of a template count: text around them is literal.
 */
export function checkoutReads(value: unknown, localValue: (name: string) => unknown, seen: Set<string> = new Set()): string[] {
  const scan = scanTemplate(typeof value === 'string' ? value : JSON.stringify(value) ?? '');
  if (!scan) return [];
  const out = new Set<string>();
  if (scan.references.has('path.cwd')) out.add('path.cwd');
  for (const f of scan.calls) if (DIRECTORY_FUNCTIONS.includes(f)) out.add(`${f}()`);
  for (const ref of scan.references) {
    const [root, name] = ref.split('.');
    if (root !== 'local' || name === undefined || seen.has(name)) continue;
    seen.add(name);
    checkoutReads(localValue(name), localValue, seen).forEach((r) => out.add(r.includes(' (through') ? r : `${r} (through local.${name})`));
  }
  return [...out];
}
