/**
 * Writes the field cases of the TypeScript suite (test/support/stores.ts) as JSON for the Python
 * suite in test/python, so both languages test the same fields, spellings and sample values:
 *
 *   ts-node -T --project tsconfig.dev.json scripts/python-fields.ts <out.json>
 *
 * One case per field of every store in every spelling (block members one by one): the props that
 * set it (spec or cdktf spelling, camelCase as in the field tables; the Python suite converts them
 * to keyword arguments), the target it is emitted for, the tool key and value expected there, and
 * per tool the key, value and the versions that have it (for the terraform and tofu judges).
 */
import * as fs from 'fs';
import * as path from 'path';
import { TerraformStack } from 'cdktf';
import { FieldSpec, keyFor } from '../src/private/kit/schema';
import { DEFAULT_TARGET, NEWEST_KNOWN, ToolName, formatTarget } from '../src/private/target/target';

/** Both tools, in the order the library knows them. */
const TOOLS = Object.keys(NEWEST_KNOWN) as ToolName[];
import { expectedValue } from '../test/support/field-output';
import { STORES, appFor, fieldCases, propsFor, sampleOf, targetFor } from '../test/support/stores';

function perTool(field: FieldSpec, block: FieldSpec | undefined, sample: unknown) {
  const out: Record<string, unknown> = {};
  for (const tool of TOOLS) {
    const key = keyFor(field, tool);
    const blockKey = block ? keyFor(block, tool) : undefined;
    if (key === undefined || field.since[tool] === undefined || (block && (blockKey === undefined || block.since[tool] === undefined))) {
      out[tool] = null;
      continue;
    }
    const target = { tool, version: field.since[tool]! };
    out[tool] = {
      key,
      blockKey: blockKey ?? null,
      value: expectedValue(field, sample, target),
      // The field and, for a member, its block must both be there.
      since: [field.since[tool], block?.since[tool]].filter((v): v is string => v !== undefined),
      removedIn: [field.removedIn?.[tool], block?.removedIn?.[tool]].filter((v): v is string => v !== undefined),
    };
  }
  return out;
}

function classesOf(sut: (typeof STORES)[number]) {
  const stack = new TerraformStack(appFor(), 'names');
  return {
    backendClass: sut.backend(stack, sut.base).constructor.name,
    remoteStateClass: sut.remoteState(stack, 'rs', sut.base).constructor.name,
  };
}

export function pythonFields(): unknown {
  const stores: Record<string, unknown> = {};
  for (const sut of STORES) stores[sut.store.backend] = { ...classesOf(sut), base: sut.base };
  const cases = fieldCases().map((c) => {
    const target = targetFor(c, undefined);
    const sample = sampleOf(c);
    return {
      label: c.label,
      store: c.sut.store.backend,
      field: c.field.name,
      spelling: c.spelling,
      block: c.block?.name ?? null,
      type: c.field.type,
      secret: !!c.field.secret,
      // The Microsoft Graph toggle: where the tool lacks it, true is left out (with a warning), false refused.
      impliedWhereAbsent: !!c.field.impliedWhereAbsent,
      props: propsFor(c),
      target: formatTarget(target),
      key: keyFor(c.field, target.tool),
      blockKey: c.block ? keyFor(c.block, target.tool) : null,
      value: expectedValue(c.field, sample, target),
      tools: perTool(c.field, c.block, sample),
    };
  });
  return { source: 'test/support/stores.ts and the field tables in src/', defaultTarget: formatTarget(DEFAULT_TARGET), stores, cases };
}

if (require.main === module) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: python-fields.ts <out.json>');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(pythonFields(), null, 1)}\n`);
}
