import { describeFieldOutput } from './support/field-output';
import { STORES } from './support/stores';

const sut = STORES.find((s) => s.store.backend === 'cos')!;

describeFieldOutput(sut);
