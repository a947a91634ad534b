import { IConstruct } from 'constructs';

/** Warning texts recorded on `scope` and everything below it, in tree order. */
export function warningsOf(scope: IConstruct): string[] {
  return scope.node
    .findAll()
    .flatMap((c) => c.node.metadata.filter((m) => m.type === '@cdktf/warn').map((m) => String(m.data)));
}
