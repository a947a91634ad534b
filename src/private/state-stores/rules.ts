import { rule } from '../kit/rule-context';

/*
 * The rules every state store's construct shares (`state-store/...`), run beside its own. Each
 * construct's table has the props they read (checked when its module loads).
 */

/** Terraform reads `import` blocks from 1.5.0; OpenTofu has them in every release (it forked from 1.6). */
const IMPORT_BLOCKS = { importBlocks: { terraform: '1.5.0', opentofu: '1.6.0' } };

export const STATE_STORE_RULES = [
  rule({
    id: 'state-store/import-target',
    offline: { validate: 'terraform', how: 'before 1.5.0 the configuration has no import block type' },
    severity: 'error',
    fields: ['adopt'],
    description: 'adopt (an import block) needs terraform 1.5.0 or later (every opentofu release has import blocks)',
    evidence:
      'terraform 1.5.0 configs/parser_config.go adds the "import" block to the file schema (configs/import.go decodeImportBlock: id a ' +
      'string, to a resource address); before it, validate refuses the block ("Unsupported block type" in HCL, "Extraneous JSON object ' +
      'property" in JSON); opentofu 1.6.0 and later read it alike',
    versions: IMPORT_BLOCKS,
    appliesTo: { before: 'importBlocks' },
    check: (c) => {
      if (c.literal('adopt') !== true) return;
      c.error('adopt', `got true, but ${c.target.tool} ${c.target.version} has no import blocks; they are first available in terraform 1.5.0 (and every opentofu release)`);
    },
  }),
];

/** The id of a shared rule. */
export type StateStoreRuleId = (typeof STATE_STORE_RULES)[number]['id'];
