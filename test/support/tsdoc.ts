/**
 * Reads the TSDoc of the config interfaces with the TypeScript compiler, so tests can hold the docs
 * to the field tables.
 */
import * as path from 'path';
import * as ts from 'typescript';

export interface PropDoc {
  readonly name: string;
  readonly optional: boolean;
  /** The comment text (summary and details). */
  readonly text: string;
  /** Tag name -> tag text. */
  readonly tags: Record<string, string>;
}

let program: ts.Program | undefined;

/**
 * The documented properties of an exported interface declared in `src/<file>`, with those it
 * inherits from interfaces of the package (`GcsBackendConfig` holds `bucket` and extends
 * `GcsBackendOptions`, which holds the rest).
 */
export function interfaceDocs(file: string, name: string): Map<string, PropDoc> {
  const fileName = path.join(__dirname, '..', '..', 'src', file);
  // (no @types packages: the interfaces' docs need only the sources and what they import)
  program ??= ts.createProgram([path.join(__dirname, '..', '..', 'src', 'index.ts')], { noEmit: true, types: [] });
  const source = program.getSourceFile(fileName);
  if (!source) throw new Error(`${file} is not part of the package`);
  const checker = program.getTypeChecker();
  const decl = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!decl) throw new Error(`interface ${name} not found in ${file}`);
  const src = path.join(__dirname, '..', '..', 'src');
  const out = new Map<string, PropDoc>();
  for (const symbol of checker.getPropertiesOfType(checker.getTypeAtLocation(decl.name))) {
    const member = symbol.declarations?.find(ts.isPropertySignature);
    if (!member || !ts.isIdentifier(member.name) || !member.getSourceFile().fileName.startsWith(src)) continue;
    const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
    const tags: Record<string, string> = {};
    for (const tag of symbol.getJsDocTags(checker)) tags[tag.name] = ts.displayPartsToString(tag.text);
    out.set(member.name.text, { name: member.name.text, optional: !!member.questionToken, text, tags });
  }
  return out;
}
