import { describeOracle } from './oracle.js';
import { platformGroup } from './groups/platform.js';

describeOracle(platformGroup);
