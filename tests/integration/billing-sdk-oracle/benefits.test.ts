import { describeOracle } from './oracle.js';
import { benefitsGroup } from './groups/benefits.js';

describeOracle(benefitsGroup);
