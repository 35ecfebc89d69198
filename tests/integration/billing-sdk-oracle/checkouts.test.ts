import { describeOracle } from './oracle.js';
import { checkoutsGroup } from './groups/checkouts.js';

describeOracle(checkoutsGroup);
