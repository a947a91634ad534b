import { describeFieldOutput } from './support/field-output';
import { STORES } from './support/stores';

const sut = STORES.find((s) => s.store.backend === 'gcs')!;

describeFieldOutput(sut);
