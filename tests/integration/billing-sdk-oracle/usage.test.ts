import { describeOracle } from './oracle.js';
import { usageGroup } from './groups/usage.js';

describeOracle(usageGroup);
