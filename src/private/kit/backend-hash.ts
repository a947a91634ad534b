/*
 * The hash both tools record in `.terraform/terraform.tfstate` (`backend.hash`) of the backend block
 * the last init read, before its -backend-config values were merged (terraform 1.15.9
 * internal/configs/backend.go Backend.Hash, called by meta_backend.go backendConfig before
 * MergeBodies; OpenTofu 1.12.6 the same, of the evaluated block): the block decoded with every
 * argument of the backend's schema optional, as the tuple [type, object], hashed by go-cty
 * (set_internals.go Value.Hash: CRC-32 of makeSetHashBytes). The record names every argument of the
 * schema (null where unset), so the hash of a block can be computed from its values and the
 * record's keys, and tells whether the block the last init read is the one given: what differs
 * between the record's values and the block's is then what init was given.
 */

/* eslint-disable no-bitwise -- CRC-32 is bit arithmetic (zlib.crc32 is in Node.js 20.15+ only) */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE), as Go's hash/crc32.ChecksumIEEE. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
/* eslint-enable no-bitwise */

/**
 * go-cty's hash bytes of one argument's value (`~` null, `T`/`F`, a number's shortest form, a
 * string Go-quoted, a list of strings `["a";"b";]`), or undefined where this module would not
 * write them as the tools do (a nested block, a number past 2^53, text outside printable ASCII,
 * which Go and JSON quote differently, or a template, which OpenTofu evaluates first).
 */
function valueBytes(value: unknown): string | undefined {
  if (value === null || value === undefined) return '~';
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value === 'string') return /^[\x20-\x7e]*$/.test(value) && !/[$%]\{/.test(value) ? JSON.stringify(value) : undefined;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    const items = value.map(valueBytes);
    return items.includes(undefined) ? undefined : `[${items.map((i) => `${i};`).join('')}]`;
  }
  return undefined;
}

/**
 * The hash the tools record for a `type` block holding `block` (the tool's keys and values), with
 * the arguments `keys` of the backend's schema (the record's keys), or undefined where it cannot be
 * computed as they do (a key of the block the record lacks, a value valueBytes cannot write).
 * An argument the block leaves out is null, but one the record holds as an empty list, a nested
 * block's empty set, which both hash as `[]`.
 */
export function backendBlockHash(
  type: string, keys: readonly string[], recorded: Readonly<Record<string, unknown>>, block: Readonly<Record<string, unknown>>,
): number | undefined {
  if (Object.keys(block).some((k) => !keys.includes(k))) return undefined;
  const parts: string[] = [];
  for (const key of [...keys].sort()) {
    const value = key in block ? block[key] : Array.isArray(recorded[key]) && (recorded[key] as unknown[]).length === 0 ? [] : null;
    const bytes = valueBytes(value);
    if (bytes === undefined) return undefined;
    parts.push(`${bytes};`);
  }
  return crc32(Buffer.from(`<${JSON.stringify(type)};<${parts.join('')}>;>`, 'utf8'));
}
